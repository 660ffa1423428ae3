import { partForViewer } from '@shared/behaviour-view';

const admin = { id: 'a', role: 'admin' as const };
const advanced = { id: 'b', role: 'advanced' as const };
const instructor = { id: 'c', role: 'instructor' as const };

const behaviour = {
  id: 'x',
  metadata: { name: 'B', version: '1.0.0' },
  spec: { description: 'system prompt', role: 'interviewee', process: ['game'], extra: 1 },
};

describe('partForViewer', () => {
  it('returns parts unchanged for admins and advanced users', () => {
    expect(partForViewer(admin, 'behaviour', behaviour)).toBe(behaviour);
    expect(partForViewer(advanced, 'behaviour', behaviour)).toBe(behaviour);
  });

  it('reduces a behaviour to role and process for instructors and anonymous viewers', () => {
    const expected = { ...behaviour, spec: { role: 'interviewee', process: ['game'] } };
    expect(partForViewer(instructor, 'behaviour', behaviour)).toEqual(expected);
    expect(partForViewer(null, 'behaviour', behaviour)).toEqual(expected);
    expect(behaviour.spec.description).toBe('system prompt'); // not mutated
  });

  it('omits role and process when the behaviour has none', () => {
    expect(partForViewer(instructor, 'behaviour', { spec: { description: 'x' } })).toEqual({ spec: {} });
  });

  it('strips the behaviour edits of a problem, nested or dotted, except role and process', () => {
    const problem = {
      spec: {
        description: 'P',
        extends: {
          'behaviour.spec.description': 'secret',
          behaviour: { spec: { process: ['game'], notes: 'secret' } },
          'persona.spec.personality': ['shy'],
        },
        overrides: { persona: { spec: { firstName: 'Al' } } },
        constrainedTo: { 'behaviour.spec.role': 'host', 'behaviour.metadata.name': 'secret' },
      },
    };
    const viewed = partForViewer(instructor, 'problem', problem);
    expect(viewed.spec).toEqual({
      description: 'P',
      extends: { 'behaviour.spec.process': ['game'], 'persona.spec.personality': ['shy'] },
      overrides: { persona: { spec: { firstName: 'Al' } } },
      constrainedTo: { 'behaviour.spec.role': 'host' },
    });
    expect(viewed.spec.overrides).toBe(problem.spec.overrides); // untouched maps keep their form
    expect(partForViewer(instructor, 'persona', problem)).toBe(problem);
  });

  it('returns the same object when a problem has nothing to hide', () => {
    const problem = { spec: { description: 'P', extends: { persona: { spec: { personality: 'x' } } } } };
    expect(partForViewer(instructor, 'problem', problem)).toBe(problem);
  });
});
