import { AlertIcon, CheckIcon } from '@client/components';

/** The modal's red failure or green success line; announced when it appears. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (success) {
    return (
      <p className="alert alert--success" role="status">
        <CheckIcon />
        {success}
      </p>
    );
  }
  if (error) {
    return (
      <p className="alert alert--error" role="alert">
        <AlertIcon />
        {error}
      </p>
    );
  }
  return null;
}
