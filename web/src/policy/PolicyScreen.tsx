import { ChangeSetPage } from './ChangeSetPage';
import { ParametersPage } from './ParametersPage';
import type { PolicyView } from './policy-paths';
import { PolicyHome } from './PolicyHome';
import { RulesetPage } from './RulesetPage';

/**
 * The policy workbench (issue 19), /policy/...: policy staff change rates, rules, questions, extra help and cases in
 * a change set, prove it with the cases, see its impact, and a second member approves it before it is published.
 * One screen (one chunk) with a view for each address.
 */
export default function PolicyScreen({ route }: { route: PolicyView }) {
  switch (route.view) {
    case 'home':
      return <PolicyHome />;
    case 'ruleset':
      return <RulesetPage folder={route.folder} />;
    case 'parameters':
      return <ParametersPage name={route.name} />;
    case 'changeSet':
      return <ChangeSetPage id={route.id} />;
  }
}
