import { fireEvent, render, screen } from '@testing-library/react';
import { FEEDBACK_COMMENT_MAX_LENGTH } from '../../../common/result/model';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import { settle } from '../survey/render-page';
import { FeedbackCard } from './FeedbackCard';
import { SESSION } from '../../../test/fixtures/web-result';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('POST', '/api/data/feedback', { status: 204, body: undefined });
});

const sent = () =>
  api
    .callsTo('POST', '/api/data/feedback')
    .map((call) => ({ feedbackType: call.body?.feedbackType, feedback: call.body?.feedback, session: call.body?.session }));

describe('was this page helpful?', () => {
  it('sends the first thumb at once, then only moves the highlight, and opens the comment box', async () => {
    render(<FeedbackCard session={SESSION} />);
    expect(screen.getByRole('heading', { name: 'Was this page helpful?' })).toBeTruthy();
    const yes = screen.getByRole('button', { name: 'Yes' });
    const no = screen.getByRole('button', { name: 'No' });
    expect([yes.getAttribute('aria-pressed'), no.getAttribute('aria-pressed')]).toEqual(['false', 'false']);
    expect(screen.queryByLabelText('Tell us more (optional)')).toBeNull();

    fireEvent.click(yes);
    await settle();
    expect(sent()).toEqual([{ session: SESSION, feedbackType: 1, feedback: '' }]);
    expect(yes.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Tell us more (optional)')).toBeTruthy();

    fireEvent.click(no);
    fireEvent.click(yes);
    fireEvent.click(no);
    await settle();
    expect(sent()).toHaveLength(1);
    expect([yes.getAttribute('aria-pressed'), no.getAttribute('aria-pressed')]).toEqual(['false', 'true']);
  });

  it('sends the thumb now chosen and the comment cut to 250 characters, then thanks the person', async () => {
    render(<FeedbackCard session={SESSION} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    const comment = screen.getByLabelText('Tell us more (optional)') as HTMLTextAreaElement;
    expect(comment.maxLength).toBe(FEEDBACK_COMMENT_MAX_LENGTH);
    fireEvent.change(comment, { target: { value: 'The rent question was unclear. '.repeat(10) } });
    expect(comment.value).toHaveLength(250);
    expect(screen.getByText('0 characters left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    const [, withComment] = sent();
    expect(withComment.feedbackType).toBe(2);
    expect(withComment.feedback).toBe('The rent question was unclear. '.repeat(10).slice(0, 250));
    const thanks = screen.getByRole('status');
    expect(thanks.textContent).toBe('Thank you for your feedback.');
    expect(document.activeElement).toBe(thanks);
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
  });

  it('takes a short comment as it is, and carries on if the call fails', async () => {
    api.on('POST', '/api/data/feedback', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'down', errors: [] } });
    render(<FeedbackCard session={SESSION} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.change(screen.getByLabelText('Tell us more (optional)'), { target: { value: 'Clear and quick.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(sent()[1]).toEqual({ session: SESSION, feedbackType: 1, feedback: 'Clear and quick.' });
    expect(screen.getByText('Thank you for your feedback.')).toBeTruthy();
  });
});
