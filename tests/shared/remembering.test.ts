import { remembering } from '@shared/remembering';

describe('remembering', () => {
  it('reads a key once while it is kept, null answers included', () => {
    const reads: string[] = [];
    const lookup = remembering((key: string) => {
      reads.push(key);
      return key === 'none' ? null : key.length;
    }, 10);
    expect([lookup('abc'), lookup('abc'), lookup('none'), lookup('none')]).toEqual([3, 3, null, null]);
    expect(reads).toEqual(['abc', 'none']);
  });

  it('forgets everything once the limit is reached, then keeps again', () => {
    const reads: string[] = [];
    const lookup = remembering((key: string) => {
      reads.push(key);
      return key;
    }, 2);
    for (const key of ['a', 'b', 'c', 'a', 'c']) lookup(key);
    // 'c' found the two kept and cleared them; 'a' is read again, 'c' is still kept.
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});
