import { QUESTION_TYPES, type AnswerValue, type FieldGroupView, type QuestionTypeName, type QuestionView, type SurveyPageResponse } from '../../../common/survey/model';

/** Test pages shaped like the API's survey page response, named for what they ask. */

export function question(name: string, type: QuestionTypeName, extra: Partial<QuestionView> = {}, value: AnswerValue = null): QuestionView {
  return {
    name,
    text: extra.text ?? `${name}?`,
    questionType: QUESTION_TYPES[type],
    answer: { value },
    originalShowHide: extra.showHide ?? '',
    parseShowHide: null,
    show: true,
    valid: true,
    error: '',
    showHide: '',
    ...extra,
  };
}

export function group(...questions: QuestionView[]): FieldGroupView {
  return { show: questions.some((candidate) => candidate.show), questions };
}

export function pageResponse(fields: FieldGroupView[], overrides: Partial<SurveyPageResponse> = {}, pageOverrides: Partial<NonNullable<SurveyPageResponse['page']>> = {}): SurveyPageResponse {
  return {
    isValid: true,
    showHelpline: true,
    showWebchat: false,
    pageNumber: 2,
    session: '3f0c8a52-4d7e-4b8e-9a51-0c2f4f6f9d11',
    token: 'K7M2QX9D',
    isIntermediary: false,
    client: null,
    hasPostcode: true,
    ...overrides,
    page: {
      name: 'about-you',
      title: 'About you',
      text: 'Tell us about yourself.',
      headerType: 'Calculator',
      progress: 20,
      isExitPage: false,
      showHide: '',
      fields,
      ...pageOverrides,
    },
  };
}

/** A person living with a partner: whether they have one, and the partner's date of birth only when they do. */
export const partnerPage = pageResponse([
  group(
    question('ClientHasPartner', 'Radio', {
      text: 'Do you have a partner?',
      required: true,
      options: [
        { value: 'Yes', text: 'Yes' },
        { value: 'No', text: 'No' },
      ],
    }, ''),
  ),
  group(
    question('PartnerDob', 'Date', { text: 'What is your partner’s date of birth?', validation: 'Partner’s date of birth', required: true, showHide: "ClientHasPartner == 'Yes'", show: false }, ''),
    question('PartnerWorks', 'Radio', {
      text: 'Does your partner work?',
      showHide: "ClientHasPartner == 'Yes'",
      show: false,
      options: [
        { value: 'Yes', text: 'Yes' },
        { value: 'No', text: 'No' },
      ],
    }, ''),
  ),
]);
