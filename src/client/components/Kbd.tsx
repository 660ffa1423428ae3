/** Key caps for a shortcut, e.g. keys={['G', 'S']} renders G then S. */
export function Kbd({ keys }: { keys: string[] }) {
  return (
    <span className="kbd-group">
      {keys.map((key, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a key can repeat; position is its identity
        <kbd key={index} className="kbd">
          {key}
        </kbd>
      ))}
    </span>
  );
}

const isApple = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

/** How the palette modifier is written on this machine: ⌘ on Apple devices, Ctrl elsewhere. */
export const modKeyLabel = (): string => (isApple() ? '⌘' : 'Ctrl');
