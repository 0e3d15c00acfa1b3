import { expect } from '@jest/globals';
import type request from 'supertest';

/** A fresh supertest agent on the app's server for each call. */
export type Http = () => ReturnType<typeof request>;

/** What the tests read of a survey page response. */
export interface PageResponse {
  isValid: boolean;
  pageNumber: number;
  session: string | null;
  token: string | null;
  hasPostcode: boolean;
  page: {
    name: string;
    progress: number;
    isExitPage: boolean;
    fields: { show: boolean; questions: { name: string; questionType: number; show: boolean; answer: { value: unknown } }[] }[];
  };
}

/**
 * Answers every page of a household through the survey API in order, as one browser, checking the server moves
 * to the expected page each time; the last page finishes (action 4).
 */
export async function completeQuestionnaire(
  http: Http,
  browserId: string,
  pages: [string, Record<string, unknown>][],
): Promise<{ session: string; visited: PageResponse[] }> {
  let current = (await http().get('/api/data/survey').expect(200)).body as PageResponse;
  const visited: PageResponse[] = [current];
  let session: string | null = null;
  for (const [index, [name, answers]] of pages.entries()) {
    expect(current.page.name).toBe(name);
    const isLast = index === pages.length - 1;
    const response = await http()
      .post('/api/data/survey/')
      .send({ browserId, session, page: current.pageNumber, action: isLast ? 4 : 2, ...answers });
    expect({ page: name, status: response.status, body: response.status === 200 ? 'saved' : response.body }).toEqual({
      page: name,
      status: 200,
      body: 'saved',
    });
    current = response.body as PageResponse;
    session = current.session;
    visited.push(current);
  }
  return { session: session!, visited };
}
