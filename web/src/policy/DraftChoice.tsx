import { useEffect, useState } from 'react';
import type { ChangeSetSummary } from './policy-api';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { loadChangeSets } from './policy-api';
import { POLICY_HOME } from './policy-paths';
import { SelectField } from './policy-ui';

/** The draft change sets an edit can go into, loaded when the action is opened; the first is chosen at first. */
export function useDrafts(onFailure: (error: unknown) => void): ChangeSetSummary[] | null {
  const [drafts, setDrafts] = useState<ChangeSetSummary[] | null>(null);
  useEffect(() => {
    loadChangeSets().then(({ changeSets }) => setDrafts(changeSets.filter((changeSet) => changeSet.status === 'draft')), onFailure);
  }, [onFailure]);
  return drafts;
}

/** 'Which change set': a select of the drafts, or where to start one when there is none. */
export function DraftChoice({
  id,
  drafts,
  value,
  onChange,
}: {
  id: string;
  drafts: ChangeSetSummary[] | null;
  value: string;
  onChange: (id: string) => void;
}) {
  if (!drafts) return <LoadingSpinner />;
  if (drafts.length === 0)
    return (
      <p>
        There is no draft change set to add it to. <a href={POLICY_HOME}>Start a change set</a> on the workbench home first.
      </p>
    );
  return (
    <SelectField
      id={id}
      label="Change set"
      hint="Only a draft change set can take edits."
      value={value}
      onChange={onChange}
      options={drafts.map((draft) => ({
        value: String(draft.id),
        text: `${draft.title} (${draft.editCount} ${draft.editCount === 1 ? 'edit' : 'edits'})`,
      }))}
    />
  );
}
