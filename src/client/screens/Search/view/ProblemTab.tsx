import { asSolutionFormat, CodeBlock } from '@client/components/code/CodeBlock';
import type { LeiaPartCopy } from '@shared/schemas/leias';
import { listOf, Prose, Section, Steps, textOf } from './fields';

export const NO_DESCRIPTION = 'No description available';

/** Problem Description, Details, Solution in its format, ordered Process list. */
export function ProblemTab({ problem }: { problem: LeiaPartCopy }) {
  const { spec } = problem;
  const solution = textOf(spec.solution);
  return (
    <div className="leia-view">
      <Section title="Problem Description">
        <Prose text={textOf(spec.description)} fallback={NO_DESCRIPTION} />
      </Section>
      <Section title="Details">
        <Prose text={textOf(spec.details)} />
      </Section>
      <Section title="Solution">
        {solution ? (
          <CodeBlock code={solution} format={asSolutionFormat(spec.solutionFormat)} label="Solution" />
        ) : (
          <Prose text={null} />
        )}
      </Section>
      <Section title="Process">
        <Steps steps={listOf(spec.process)} label="Process" />
      </Section>
    </div>
  );
}
