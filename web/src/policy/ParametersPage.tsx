import { useCallback, useEffect, useState } from 'react';
import type { ParameterSummary, ParameterView } from './policy-api';
import { failureViewFor } from '../adviser/adviser-errors';
import { Breadcrumb } from '../adviser/Breadcrumb';
import type { ScreenView } from '../adviser/ScreenState';
import { ExternalLink } from '../shared/ExternalLink';
import { usePageTitle } from '../shared/page-title';
import { DraftChoice, useDrafts } from './DraftChoice';
import { addEdit, loadParameter, loadParameters } from './policy-api';
import { changeSetPath, parameterPath, POLICY_HOME, ruleAnchor, rulesetPath } from './policy-paths';
import { formatValue, longDate, unitInWords } from './policy-text';
import { Notice, PolicyNotShown } from './policy-ui';
import { ValueForm } from './ValueForm';
import { isScaleValue } from '../../../common/policy/model';

type View = ScreenView<{ parameters: ParameterSummary[]; parameter: ParameterView | null }>;

export const PARAMETERS_TITLE = 'Rates and thresholds';

interface Folder {
  folders: Map<string, Folder>;
  parameters: ParameterSummary[];
}

/** The folders of the parameters' names (gov/dwp/universal_credit/...), as rulesets/parameters/ holds them. */
export function parameterTree(parameters: readonly ParameterSummary[], under: string | null): Folder {
  const root: Folder = { folders: new Map(), parameters: [] };
  const prefix = under ? `${under}/` : '';
  for (const parameter of parameters) {
    if (!parameter.name.startsWith(prefix)) continue;
    const parts = parameter.name.slice(prefix.length).split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      if (!folder.folders.has(part)) folder.folders.set(part, { folders: new Map(), parameters: [] });
      folder = folder.folders.get(part)!;
    }
    folder.parameters.push(parameter);
  }
  return root;
}

/** Who sets the rates of each folder under gov/, as a policy officer names them. */
const BODIES: Record<string, string> = {
  gov: 'Governments and councils',
  bbc: 'BBC',
  defra: 'Department for Environment, Food and Rural Affairs',
  desnz: 'Department for Energy Security and Net Zero',
  dfc_ni: 'Department for Communities (Northern Ireland)',
  dfe: 'Department for Education',
  dfe_ni: 'Department for the Economy (Northern Ireland)',
  dfi_ni: 'Department for Infrastructure (Northern Ireland)',
  dhsc: 'Department of Health and Social Care',
  dwp: 'Department for Work and Pensions',
  hmrc: 'HM Revenue and Customs',
  local_authorities: 'Councils',
  mhclg: 'Ministry of Housing, Communities and Local Government',
  ofgem: 'Ofgem',
  scottish_government: 'Scottish Government',
  social_security_scotland: 'Social Security Scotland',
  transport_scotland: 'Transport Scotland',
  welsh_government: 'Welsh Government',
};

/** Words written as capitals in a folder's name: dla -> DLA. */
const ACRONYMS = new Set(['dla', 'pip', 'esa', 'jsa', 'uc', 'lha', 'lcwra', 'ni', 'bbc', 'tv', 'ctr', 'cpi']);

/**
 * A folder of rates in words: who sets them for the folders under gov/; else the name its rates' labels share before
 * their colon (every rate of gov/dwp/carers_allowance is "Carer's Allowance..."); else its name with spaces.
 */
export function folderTitle(path: string, parameters: readonly ParameterSummary[]): string {
  const parts = path.split('/');
  if (parts.length <= 2 && BODIES[parts[parts.length - 1]]) return BODIES[parts[parts.length - 1]];
  const labels = parameters.filter((parameter) => parameter.name.startsWith(`${path}/`)).map((parameter) => parameter.label);
  const shared = labels.map((label) => (label.includes(':') ? label.slice(0, label.indexOf(':')) : label));
  if (labels.length > 1 && shared.every((prefix) => prefix === shared[0])) return shared[0];
  const words = parts[parts.length - 1].split('_').map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** /policy/parameters/ and below: a folder of the tree, or one parameter's page. */
export function ParametersPage({ name }: { name: string | null }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const fail = useCallback((error: unknown) => setView({ kind: failureViewFor(error) }), []);
  usePageTitle(view.kind === 'shown' && view.parameter ? view.parameter.label : PARAMETERS_TITLE);
  useEffect(() => {
    loadParameters()
      .then(async ({ parameters }) => {
        const isParameter = name !== null && parameters.some((parameter) => parameter.name === name);
        if (name !== null && !isParameter && !parameters.some((parameter) => parameter.name.startsWith(`${name}/`)))
          return setView({ kind: 'notFound' });
        setView({ kind: 'shown', parameters, parameter: isParameter ? await loadParameter(name) : null });
      })
      .catch(fail);
  }, [name, fail]);
  if (view.kind !== 'shown') return <PolicyNotShown view={view} />;
  const { parameters, parameter } = view;

  // The breadcrumb walks up the folders: Policy workbench > Rates and thresholds > gov > dwp ...
  const parts = name ? name.split('/') : [];
  const links = [
    { text: 'Policy workbench', href: POLICY_HOME },
    ...(name ? [{ text: PARAMETERS_TITLE, href: parameterPath() }] : []),
    ...parts.slice(0, -1).map((_, index) => {
      const folder = parts.slice(0, index + 1).join('/');
      return { text: folderTitle(folder, parameters), href: parameterPath(folder) };
    }),
  ];
  const current = !name ? PARAMETERS_TITLE : parameter ? parameter.label : folderTitle(name, parameters);

  return (
    <div className="policy policy-parameters">
      <Breadcrumb links={links} current={current} />
      {parameter ? (
        <ParameterDetail parameter={parameter} parameters={parameters} onFailure={fail} />
      ) : (
        <>
          <h1>{name ? folderTitle(name, parameters) : PARAMETERS_TITLE}</h1>
          {name && (
            <p className="policy-name policy-detail-line" data-detail-line>
              {name}
            </p>
          )}
          <p>Each rate, threshold and switch the rules read, in folders that follow the law: who sets it, the benefit, then its part.</p>
          <Tree folder={parameterTree(parameters, name)} path={name} parameters={parameters} />
        </>
      )}
    </div>
  );
}

function Tree({ folder, path, parameters }: { folder: Folder; path: string | null; parameters: readonly ParameterSummary[] }) {
  return (
    <ul className="policy-tree" data-testid={path ? undefined : 'parameter-tree'}>
      {[...folder.folders.entries()].map(([part, child]) => {
        const childPath = path ? `${path}/${part}` : part;
        return (
          <li key={part}>
            <a href={parameterPath(childPath)} className="policy-tree__folder">
              {folderTitle(childPath, parameters)}
            </a>
            <Tree folder={child} path={childPath} parameters={parameters} />
          </li>
        );
      })}
      {folder.parameters.map((parameter) => (
        <li key={parameter.name}>
          <a href={parameterPath(parameter.name)}>{parameter.label}</a>: {formatValue(parameter.latest.value, parameter.unit)} from{' '}
          {longDate(parameter.latest.from)}
        </li>
      ))}
    </ul>
  );
}

const ROUNDING_TEXT: Record<string, string> = {
  'nearest-penny': 'to the nearest penny',
  'nearest-5p': 'to the nearest 5p',
  'nearest-10p': 'to the nearest 10p',
  'nearest-pound': 'to the nearest pound',
  'not-uprated': 'not uprated by a percentage',
};

function ParameterDetail({
  parameter,
  parameters,
  onFailure,
}: {
  parameter: ParameterView;
  parameters: ParameterSummary[];
  onFailure: (error: unknown) => void;
}) {
  const [isAdding, setIsAdding] = useState(false);
  const [added, setAdded] = useState<{ id: number; title: string; key: number } | null>(null);
  return (
    <>
      <h1>{parameter.label}</h1>
      <p className="policy-name policy-detail-line" data-detail-line>
        {parameter.name}
      </p>
      <p>{parameter.description}</p>
      <dl className="policy-facts">
        <dt>Unit</dt>
        <dd>{unitInWords(parameter.unit)}</dd>
        <dt>Legislation</dt>
        <dd>
          <ExternalLink href={parameter.legislation.url}>{parameter.legislation.title}</ExternalLink>
        </dd>
        <dt>Uprating</dt>
        <dd>
          Rounded {ROUNDING_TEXT[parameter.uprating.rounding] ?? parameter.uprating.rounding}: {parameter.uprating.reason}
        </dd>
      </dl>
      <div className="adviser-table__scroll">
        <table className="adviser-table policy-table" data-testid="parameter-values">
          <caption>Dated values</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Value</th>
              <th scope="col">Source</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {parameter.values.map((value) => (
              <tr key={value.from}>
                <th scope="row">{longDate(value.from)}</th>
                <td>{formatValue(value.value, parameter.unit)}</td>
                <td>
                  <ExternalLink href={value.source.url}>{value.source.title}</ExternalLink>
                </td>
                <td>{value.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Notice text={added ? `The value was added to ‘${added.title}’.` : null} focusKey={added?.key ?? 0} />
      {added && (
        <p>
          <a href={changeSetPath(added.id)}>Go to the change set ‘{added.title}’</a>
        </p>
      )}
      {isAdding ? (
        <section aria-labelledby="add-value-title" className="policy-section">
          <h2 id="add-value-title">Add a dated value</h2>
          <AddValue
            parameter={parameter}
            parameters={parameters}
            onFailure={onFailure}
            onCancel={() => setIsAdding(false)}
            onAdded={(id, title) => {
              setIsAdding(false);
              setAdded((old) => ({ id, title, key: (old?.key ?? 0) + 1 }));
            }}
          />
        </section>
      ) : parameter.values.some((dated) => isScaleValue(dated.value)) ? (
        <p>A table of bands is changed in a change set: its year’s bands are carried forward when next year is opened.</p>
      ) : (
        <button type="button" className="button" onClick={() => setIsAdding(true)}>
          Add a dated value
        </button>
      )}
      <h2>Where it is read</h2>
      {parameter.rules.length === 0 && parameter.cases.length === 0 && <p>No rule or case reads it directly.</p>}
      {parameter.rules.length > 0 && (
        <>
          <h3>Rules</h3>
          <ul>
            {parameter.rules.map((rule) => (
              <li key={`${rule.ruleset}/${rule.rule}`}>
                <a href={`${rulesetPath(rule.ruleset)}#${ruleAnchor(rule.rule)}`}>
                  {rule.rulesetTitle}: {rule.rule}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {parameter.cases.length > 0 && (
        <>
          <h3>Hand-worked cases</h3>
          <ul>
            {parameter.cases.map((item) => (
              <li key={`${item.ruleset}: ${item.name}`}>
                <a href={rulesetPath(item.ruleset)}>{item.rulesetTitle}</a>: {item.name}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function AddValue({
  parameter,
  parameters,
  onFailure,
  onCancel,
  onAdded,
}: {
  parameter: ParameterView;
  parameters: ParameterSummary[];
  onFailure: (error: unknown) => void;
  onCancel: () => void;
  onAdded: (id: number, title: string) => void;
}) {
  const drafts = useDrafts(onFailure);
  const [changeSet, setChangeSet] = useState('');
  const chosen = changeSet || (drafts?.[0] ? String(drafts[0].id) : '');
  if (drafts && drafts.length === 0)
    return <DraftChoice id="parameter-value-change-set" drafts={drafts} value="" onChange={setChangeSet} />;
  return (
    <>
      <DraftChoice id="parameter-value-change-set" drafts={drafts} value={chosen} onChange={setChangeSet} />
      <ValueForm
        prefix="parameter-value"
        parameters={parameters}
        fixedParameter={parameter.name}
        submitText="Add the value to the change set"
        onFailure={onFailure}
        onCancel={onCancel}
        onSubmit={async (edit) => {
          const detail = await addEdit(Number(chosen), edit);
          onAdded(detail.id, detail.title);
        }}
      />
    </>
  );
}
