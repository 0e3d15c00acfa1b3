import { matchRoute, redirectFor } from './routes';

describe('matchRoute', () => {
  it.each([
    ['/', { page: 'landing' }],
    ['/survey', { page: 'survey', pageNumber: null, session: null }],
    ['/survey/', { page: 'survey', pageNumber: null, session: null }],
    ['/survey/3/0b7c3a4e', { page: 'survey', pageNumber: '3', session: '0b7c3a4e' }],
    ['/result/0b7c3a4e', { page: 'result', session: '0b7c3a4e' }],
    ['/adviser', { page: 'adviserHome' }],
    ['/adviser/', { page: 'adviserHome' }],
    ['/adviser/calculation/0b7c3a4e', { page: 'adviserCalculation', session: '0b7c3a4e' }],
    ['/adviser/compare/a,b,c', { page: 'adviserCompare', sessions: 'a,b,c' }],
    ['/adviser/caseload', { page: 'adviserCaseload' }],
    ['/policy/', { page: 'policy', policy: { view: 'home' } }],
    ['/policy/rulesets/child-benefit', { page: 'policy', policy: { view: 'ruleset', folder: 'child-benefit' } }],
    ['/policy/parameters/', { page: 'policy', policy: { view: 'parameters', name: null } }],
    [
      '/policy/parameters/gov/dwp/child_benefit/eldest',
      { page: 'policy', policy: { view: 'parameters', name: 'gov/dwp/child_benefit/eldest' } },
    ],
    ['/policy/change-sets/12', { page: 'policy', policy: { view: 'changeSet', id: 12 } }],
  ])('%s is %j', (path, route) => {
    expect(matchRoute(path)).toEqual(route);
  });

  it.each([
    '/nowhere',
    '/survey/3',
    '/survey/3/abc/extra',
    '/result',
    '/result/a/b',
    '/adviser/calculation',
    '/adviser/other/x',
    '/survey/%E0%A4%A/x',
    '/policy/change-sets/x',
    '/policy/rulesets',
  ])('%s is the Page Not Found screen', (path) => {
    expect(matchRoute(path)).toEqual({ page: 'notFound' });
  });
});

describe('redirectFor', () => {
  it('sends /aboutyou to the landing page', () => {
    expect(redirectFor('/aboutyou')).toBe('/');
    expect(redirectFor('/aboutyou/')).toBe('/');
  });

  it('sends every /intermediary/ address to the matching /adviser/ one', () => {
    expect(redirectFor('/intermediary')).toBe('/adviser/');
    expect(redirectFor('/intermediary/')).toBe('/adviser/');
    expect(redirectFor('/intermediary/calculation/abc')).toBe('/adviser/calculation/abc');
    expect(redirectFor('/intermediary/compare/x')).toBe('/adviser/compare/x');
  });

  it('leaves every other address alone', () => {
    expect(redirectFor('/')).toBeNull();
    expect(redirectFor('/adviser/compare/x')).toBeNull();
    expect(redirectFor('/intermediaryish')).toBeNull();
  });
});
