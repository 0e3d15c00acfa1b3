/** The policy workbench's addresses (issue 19). Navigation between them is a full page load, as in the rest of the app. */

export type PolicyView =
  | { view: 'home' }
  | { view: 'ruleset'; folder: string }
  /** `name` null: the whole tree; a folder (`gov/dwp`) or a parameter's full name otherwise. */
  | { view: 'parameters'; name: string | null }
  | { view: 'changeSet'; id: number };

/** The view of /policy/... from the address's segments after `policy` (already decoded); null when unknown. */
export function policyViewFor(rest: readonly string[]): PolicyView | null {
  const [a, ...more] = rest;
  if (rest.length === 0) return { view: 'home' };
  if (a === 'rulesets' && more.length === 1) return { view: 'ruleset', folder: more[0] };
  if (a === 'parameters') return { view: 'parameters', name: more.length === 0 ? null : more.join('/') };
  if (a === 'change-sets' && more.length === 1 && /^[1-9]\d{0,9}$/.test(more[0])) return { view: 'changeSet', id: Number(more[0]) };
  return null;
}

export const POLICY_HOME = '/policy/';

export function rulesetPath(folder: string): string {
  return `/policy/rulesets/${encodeURIComponent(folder)}`;
}

/** A parameter's or a folder's page: its name keeps its slashes, as the folders under rulesets/parameters/ do. */
export function parameterPath(name?: string | null): string {
  return name ? `/policy/parameters/${name.split('/').map(encodeURIComponent).join('/')}` : '/policy/parameters/';
}

export function changeSetPath(id: number): string {
  return `/policy/change-sets/${id}`;
}

/** Where a search hit links: a parameter's page, a rule on its ruleset's page; questions and extra help have no page. */
export function searchHitPath(hit: { kind: string; path: string }): string | null {
  if (hit.kind === 'parameter') return parameterPath(hit.path);
  if (hit.kind === 'rule') {
    const [folder, ...rule] = hit.path.split('/');
    return `${rulesetPath(folder)}#${ruleAnchor(rule.join('/'))}`;
  }
  return null;
}

/** The id of a rule's section on its ruleset's page. */
export function ruleAnchor(rule: string): string {
  return `rule-${rule.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
