/**
 * Class sessions (docs/architecture.md "Class sessions"): the rules both sides apply to a join code,
 * the time left, and every text a student or the instructor is shown about a session. The request
 * and response shapes are in ./schemas/class-sessions.ts.
 */

/**
 * The join code's alphabet: upper-case letters and digits without look-alikes (no 0/O, 1/I/L), so a
 * code read off a projector is typed right. 31 symbols, 6 of them: about 887 million codes.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

/**
 * A typed code as the server compares it: case-insensitive, spaces and dashes ignored ("abc-def"
 * and "ABC DEF" are "ABCDEF").
 */
export const normaliseJoinCode = (typed: string): string => typed.replace(/[\s-]+/g, '').toUpperCase();

const JOIN_CODE = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

/** Whether a (normalised) code can be a join code at all: the right length, from the alphabet. */
export const isJoinCode = (code: string): boolean => JOIN_CODE.test(code);

/** A new code from `random` (values in [0, 1)); the server passes a cryptographic source. */
export function makeJoinCode(random: () => number): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) {
    code += JOIN_CODE_ALPHABET[Math.floor(random() * JOIN_CODE_ALPHABET.length)];
  }
  return code;
}

/** The student's page for a code: the join link the instructor shares. */
export const joinPagePath = (code: string): string => `/join/${code}`;
export const JOIN_PAGE_PATH = '/join';
/**
 * The page a resume link opens. The token is in the fragment, which browsers never send to a
 * server (nor log, nor pass on as a referrer); the page posts it to the resume route.
 */
export const RESUME_PAGE_PATH = '/resume';
export const resumePagePath = (token: string): string => `${RESUME_PAGE_PATH}#${token}`;

/** Durations an instructor may give and add, in minutes (a school day at most). */
export const MAX_DURATION_MINUTES = 24 * 60;
export const MAX_EXTENSION_MINUTES = 8 * 60;

/** When the student's time left is announced to screen readers, in minutes before the end. */
export const TIME_LEFT_ANNOUNCEMENTS = [5, 1] as const;

/** Seconds left until `endsAt` at `now` (never negative); null without a deadline. */
export function secondsLeft(endsAt: string | null, now: number): number | null {
  if (endsAt === null) return null;
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** '1 hour 5 minutes', '12 minutes', '45 seconds': the time left as words (not by colour alone). */
export function timeLeftText(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

export const CLASS_TEXTS = {
  // Instructor
  startTitle: 'Start class session',
  start: 'Start class session',
  nameRequired: 'Session name is required',
  nameTooLong: (max: number) => `Session name must be at most ${max} characters`,
  duration: `Duration must be a whole number of minutes from 1 to ${MAX_DURATION_MINUTES}`,
  extension: `Add a whole number of minutes from 1 to ${MAX_EXTENSION_MINUTES}`,
  allowRejoin: 'Students may join again after finishing',
  showReport: 'Show students their report after they hand in',
  showSolution: 'Show the reference solution after they hand in',
  identity: 'Students identify with',
  identityName: 'A display name',
  identityEmail: 'An email address',
  notPublished: 'Publish the activity before starting a class session',
  noLeias: 'This activity has no LEIA to interview',
  sessionNotFound: 'Class session not found',
  studentNotFound: 'Student not found in this session',
  alreadyClosed: 'This session is already closed',
  noDeadline: 'This session has no time limit to extend',
  extended: (minutes: number) => `Added ${plural(minutes, 'minute')}`,
  closed: 'Session closed',
  copyJoinLink: 'Copy join link',
  copyCode: 'Copy code',
  showCode: 'Show code',
  extend: 'Extend time',
  close: 'Close session now',
  liveTitle: 'Live view',
  noStudents: 'No students have joined yet',
  open: 'Open',
  closedStatus: 'Closed',
  // Join
  joinTitle: 'Join a class session',
  code: 'Join code',
  displayName: 'Display name',
  email: 'Email',
  join: 'Join',
  codeRequired: 'Enter the join code',
  codeInvalid: `A join code is ${JOIN_CODE_LENGTH} letters and digits`,
  codeUnknown: 'No open session has this code',
  displayNameRequired: 'Enter a display name',
  displayNameTooLong: (max: number) => `Display name must be at most ${max} characters`,
  emailRequired: 'This session asks for your email',
  emailInvalid: 'Enter a valid email address',
  sessionClosed: 'This session is closed',
  alreadyHandedIn: 'You have already handed in for this session',
  alreadyJoined: 'You have already joined this session in this browser',
  emailAlreadyJoined:
    'This email has already joined this session: continue on the device you joined with, or with your resume link',
  resumeLinkTitle: 'Your resume link',
  resumeLinkHelp:
    'Keep this link to continue on another device. It is shown only once, and anyone who has it can continue your session.',
  copyResumeLink: 'Copy resume link',
  resumeInvalid: 'This resume link is not valid',
  notJoined: 'Join a session first',
  // Student
  instructions: 'Instructions',
  timeLeft: 'Time left',
  timeLeftAnnouncement: (seconds: number) => `${timeLeftText(seconds)} left`,
  noTimeLimit: 'No time limit',
  transcriptionOnly: 'Read the interview transcript; this LEIA is not interviewed in this session',
  openTranscript: 'Open the transcript',
  handIn: 'Hand in',
  handInTitle: 'Hand in your work',
  draftSaved: 'Draft saved',
  handedIn: 'Handed in',
  autoHandedIn: 'The session ended: your draft was handed in as it was',
  handInEmpty: 'Write your work before handing it in',
  handInTooLong: (max: number) => `Your work must be at most ${max.toLocaleString('en')} characters`,
  yourReport: 'Your report',
  referenceSolution: 'Reference solution',
  nothingShown: 'Your work was handed in. Your instructor will share the results.',
  // Refusals the server sends
  ended: 'The session has ended',
  transcriptionMode: 'This LEIA is read as a transcript in this session: messages cannot be sent',
  handedInNoMessages: 'You have handed in: the conversation is closed',
} as const;
