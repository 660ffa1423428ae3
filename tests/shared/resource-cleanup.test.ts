import { cleanupForSave } from '@shared/resource-cleanup';
import { RESOURCE_BODY_SCHEMAS } from '@shared/schemas/resources';

const edited = {
  id: '8f7e0c1e-6a43-4f0e-9a57-7d1f3a2c9b10',
  apiVersion: 'v1',
  metadata: { name: 'Aisha Okafor', version: '2.3.1' },
  spec: { fullName: 'Aisha Okafor', firstName: 'Aisha', hobby: 'chess' },
  user: { id: 'u-1', email: 'admin@leia.local', role: 'admin' },
  isPublished: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  edited: true,
};

describe('cleanup before saving an edited resource', () => {
  it('removes id, timestamps, owner, edited and published flags, and resets the version to 1.0.0', () => {
    expect(cleanupForSave(edited, 'Aisha, night shift')).toEqual({
      apiVersion: 'v1',
      metadata: { name: 'Aisha, night shift', version: '1.0.0' },
      spec: { fullName: 'Aisha Okafor', firstName: 'Aisha', hobby: 'chess' },
    });
  });

  it('trims the new name and keeps the spec exactly (fields the schema does not know included)', () => {
    const body = cleanupForSave(edited, '  Night nurse  ');
    expect(body.metadata.name).toBe('Night nurse');
    expect(body.spec).toBe(edited.spec);
    expect(RESOURCE_BODY_SCHEMAS.persona.parse(body).spec).toEqual(edited.spec);
  });

  it('gives a part without an API version the default one', () => {
    expect(cleanupForSave({ spec: { description: 'x' } }, 'New').apiVersion).toBe('v1');
  });

  it('never modifies the part it cleans', () => {
    const copy = structuredClone(edited);
    cleanupForSave(edited, 'Other');
    expect(edited).toEqual(copy);
  });
});
