import type { LeiaParts, Spec } from '@shared/engine';

/** A persona/problem/behaviour triple with sensible defaults; each spec can be replaced or extended. */
export const makeParts = (specs: { persona?: Spec; problem?: Spec; behaviour?: Spec } = {}): LeiaParts => ({
  persona: {
    id: 'persona-1',
    apiVersion: 'v1',
    metadata: { name: 'Ann', version: '1.0.0' },
    spec: { fullName: 'Ann Lee', firstName: 'Ann', personality: 'calm', ...specs.persona },
  },
  problem: {
    id: 'problem-1',
    apiVersion: 'v1',
    metadata: { name: 'Library', version: '1.0.0' },
    spec: { description: 'A library', process: ['requirements-elicitation'], ...specs.problem },
  },
  behaviour: {
    id: 'behaviour-1',
    apiVersion: 'v1',
    metadata: { name: 'Interviewee', version: '1.0.0' },
    spec: {
      description: 'You are {{persona.fullName}}.',
      role: 'interviewee',
      process: ['requirements-elicitation'],
      ...specs.behaviour,
    },
  },
});

/** A logger that records instead of printing. */
export const recordingLogger = () => {
  const messages: string[] = [];
  return { messages, logger: { warn: (message: string) => messages.push(message) } };
};
