import { cx } from './cx';

const TONES = ['purple', 'green', 'blue', 'yellow', 'red', 'grey'] as const;

/** A stable tone per text, so the same person always gets the same colour. */
const toneOf = (text: string): string => {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TONES[hash % TONES.length]!;
};

export interface AvatarProps {
  /** Usually an email: the first letter is shown. */
  text: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** Decorative: the text it stands for is always shown beside it. */
export function Avatar({ text, size = 'md', className }: AvatarProps) {
  const letter = Array.from(text.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      className={cx('avatar', `avatar--${size}`, `avatar--${toneOf(text)}`, className)}
      aria-hidden="true"
    >
      {letter}
    </span>
  );
}
