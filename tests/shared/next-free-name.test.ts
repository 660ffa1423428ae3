import { nextFreeName } from '@shared/next-free-name';

describe('nextFreeName', () => {
  it('keeps a free name as it is (trimmed)', () => {
    expect(nextFreeName(' Week 1 ', ['Week 2'])).toBe('Week 1');
  });

  it('numbers a taken name from 2, skipping every taken number', () => {
    expect(nextFreeName('Week 1', ['Week 1'])).toBe('Week 1 (2)');
    expect(nextFreeName('Week 1', ['Week 1', 'Week 1 (2)', 'Week 1 (3)'])).toBe('Week 1 (4)');
  });

  it('goes on from the number a taken name already has', () => {
    expect(nextFreeName('Week 1 (2)', ['Week 1', 'Week 1 (2)'])).toBe('Week 1 (3)');
    expect(nextFreeName('Week 1 (9)', ['Week 1 (9)'])).toBe('Week 1 (10)');
  });

  it('compares names exactly, as the unique index does', () => {
    expect(nextFreeName('Week 1', ['week 1'])).toBe('Week 1');
  });

  it('shortens the base so the number fits the longest name allowed', () => {
    const long = 'x'.repeat(120);
    const next = nextFreeName(long, [long], 120);
    expect(next).toBe(`${'x'.repeat(116)} (2)`);
    expect(next).toHaveLength(120);
  });
});
