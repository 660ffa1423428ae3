import { canSeeVersionContent, canVersion } from '@shared/permissions';

const admin = { id: 'a', role: 'admin' as const };
const advanced = { id: 'v', role: 'advanced' as const };
const teacher = { id: 't', role: 'instructor' as const };
const ownedBy = (id: string) => ({ user: { id } });

describe('who may add a version (New version of..., Restore this version)', () => {
  it('the owner of the latest version, or an admin', () => {
    expect(canVersion(teacher, 'problem', ownedBy('t'))).toBe(true);
    expect(canVersion(teacher, 'leia', ownedBy('t'))).toBe(true);
    expect(canVersion(teacher, 'problem', ownedBy('a'))).toBe(false);
    expect(canVersion(advanced, 'persona', ownedBy('t'))).toBe(false);
    expect(canVersion(admin, 'persona', ownedBy('t'))).toBe(true);
    expect(canVersion(null, 'persona', ownedBy('t'))).toBe(false);
  });

  it('never a behaviour for an instructor, even their own', () => {
    expect(canVersion(teacher, 'behaviour', ownedBy('t'))).toBe(false);
    expect(canVersion(advanced, 'behaviour', ownedBy('v'))).toBe(true);
    expect(canVersion(admin, 'behaviour', ownedBy('v'))).toBe(true);
  });
});

describe("who may see a version's content (and a diff)", () => {
  it('everyone, except an instructor for a behaviour', () => {
    for (const kind of ['persona', 'problem', 'leia'] as const)
      expect(canSeeVersionContent(teacher, kind)).toBe(true);
    expect(canSeeVersionContent(teacher, 'behaviour')).toBe(false);
    expect(canSeeVersionContent(advanced, 'behaviour')).toBe(true);
    expect(canSeeVersionContent(admin, 'behaviour')).toBe(true);
  });
});
