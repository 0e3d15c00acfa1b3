import type { Http } from './questionnaire-api.js';

/** A signed-in account as a request carries it: the session and CSRF cookies, and the token every change must echo. */
export interface SignedIn {
  cookie: string;
  csrf: string;
}

/** Signs in through the API (supertest, in-process) and keeps the cookies the answer sets. */
export async function signInWith(http: Http, email: string, password: string): Promise<SignedIn> {
  const response = await http().post('/api/account/sign-in').send({ email, password }).expect(200);
  const setCookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const value = (name: string) =>
    setCookies
      .find((line) => line.startsWith(`${name}=`))!
      .split(';')[0]
      .slice(name.length + 1);
  return { cookie: `account_session=${value('account_session')}; csrf=${value('csrf')}`, csrf: value('csrf') };
}
