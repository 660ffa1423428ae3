import type { ClassGrid, GridRow } from '../schemas/class-report';
import type { ElementStatus, EvaluationReport } from '../schemas/evaluation';
import type { GradeStatus, HandInGrade } from '../schemas/grading';
import type { ClassSolution } from './class-inputs';
import { readSolution } from './elements';

/**
 * The grid of solution elements x students: per cell, whether the conversation elicited the
 * element and whether the hand-in has it. Configurations whose LEIAs share one solution share a
 * grid; the rows' counts make the elements the class never asked about stand out.
 */

export interface GridStudent {
  id: string;
  configId: string;
  elicitation: EvaluationReport | null;
  grade: HandInGrade | null;
}

const solutionKey = (solution: ClassSolution) => `${solution.format}\n${solution.text}`;

/** Configurations grouped by the solution they share, in the order they are given. */
function groups(
  configIds: readonly string[],
  solutions: Readonly<Record<string, ClassSolution | undefined>>,
): { configIds: string[]; solution: ClassSolution }[] {
  const byKey = new Map<string, { configIds: string[]; solution: ClassSolution }>();
  for (const configId of configIds) {
    const solution = solutions[configId];
    if (!solution || solution.text.trim() === '') continue;
    const key = solutionKey(solution);
    const group = byKey.get(key) ?? { configIds: [], solution };
    group.configIds.push(configId);
    byKey.set(key, group);
  }
  return [...byKey.values()];
}

function statusById<T extends string>(elements: readonly { id: string; status: T }[] | undefined) {
  const map = new Map<string, T>();
  for (const element of elements ?? []) map.set(element.id, element.status);
  return map;
}

export function buildGrid(
  configIds: string[],
  solution: ClassSolution,
  students: readonly GridStudent[],
): ClassGrid {
  const members = students.filter((student) => configIds.includes(student.configId));
  const elicited = members.map((student) => statusById<ElementStatus>(student.elicitation?.elements));
  const handIns = members.map((student) =>
    student.grade ? statusById<GradeStatus>(student.grade.elements) : null,
  );
  const elements = readSolution(solution.text, solution.format).elements.map((element): GridRow => {
    const asked = elicited.map((statuses) => statuses.get(element.id) ?? 'not');
    const held = handIns.map((statuses) => (statuses ? (statuses.get(element.id) ?? 'missing') : null));
    const elicitedBy = asked.filter((status) => status === 'revealed').length;
    const partlyBy = asked.filter((status) => status === 'partly').length;
    return {
      id: element.id,
      kind: element.kind,
      label: element.label,
      ...(element.parent !== undefined && { parent: element.parent }),
      elicited: asked,
      handIn: held,
      elicitedBy,
      partlyBy,
      inHandIns: held.filter((status) => status === 'present').length,
      unasked: elicitedBy + partlyBy === 0,
      rarelyAsked: 2 * (elicitedBy + partlyBy) < members.length,
    };
  });
  return {
    configIds,
    solutionFormat: solution.format,
    students: members.map((student) => student.id),
    elements,
  };
}

export const buildGrids = (
  configIds: readonly string[],
  solutions: Readonly<Record<string, ClassSolution | undefined>>,
  students: readonly GridStudent[],
): ClassGrid[] =>
  groups(configIds, solutions).map((group) => buildGrid(group.configIds, group.solution, students));
