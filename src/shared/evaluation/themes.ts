/**
 * The seven themes of student interview mistakes in Bano, Zowghi, Ferrari et al. ("Teaching
 * requirements elicitation interviews: an empirical study of learning from mistakes", Requirements
 * Engineering, 2019), under which a connected model comments on the interviewer.
 */
export const INTERVIEW_THEMES = [
  'question-formulation',
  'question-omission',
  'interview-order',
  'communication-skills',
  'analyst-behaviour',
  'customer-interaction',
  'teamwork-and-planning',
] as const;
export type InterviewTheme = (typeof INTERVIEW_THEMES)[number];

export const INTERVIEW_THEME_LABELS: Record<InterviewTheme, string> = {
  'question-formulation': 'Question formulation',
  'question-omission': 'Question omission',
  'interview-order': 'Interview order',
  'communication-skills': 'Communication skills',
  'analyst-behaviour': 'Analyst behaviour',
  'customer-interaction': 'Customer interaction',
  'teamwork-and-planning': 'Teamwork and planning',
};

/** What each theme covers, for the judge's instructions. */
export const INTERVIEW_THEME_HINTS: Record<InterviewTheme, string> = {
  'question-formulation': 'vague, long, leading, technical or compound questions; closed questions too early',
  'question-omission':
    'topics never asked about: stakeholders, the current process, exceptions, quality needs',
  'interview-order': 'jumping between topics, no opening or closing, details before the big picture',
  'communication-skills': 'not listening, interrupting, unclear wording, no follow-up on answers',
  'analyst-behaviour': 'proposing solutions, assuming, arguing, asking for the answer outright',
  'customer-interaction': 'no rapport, ignoring what the customer stresses, not checking understanding',
  'teamwork-and-planning': 'no visible plan or goal for the interview, no summary of what was learnt',
};
