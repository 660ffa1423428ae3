import { initializeSession } from '@client/api/runner';
import { StartSessionActor, StartSessionActors, useStartSession } from '@client/runner/startSession';
import { startingIt, useRowAction } from '@client/screens/Search/rowActions';
import { tryLeia } from '@machines/searchList/actions';
import type { LeiaListItem } from '@shared/schemas/leias';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { deferred, httpError } from '../support/http';

vi.mock('@client/api/runner', () => ({ initializeSession: vi.fn() }));
vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

const initialize = vi.mocked(initializeSession);

const leia = {
  id: 'leia-1',
  metadata: { name: 'Bakery interview', version: '1.0.0' },
  description: 'How does the bakery take orders?',
} as LeiaListItem;

/** The Try row action as the Search screen renders it: one button per row. */
function TryButton() {
  const flow = StartSessionActor.useActorRef();
  const target = { leia, viewer: null };
  const row = { flow, action: tryLeia, busy: startingIt };
  const { disabled, busy } = useRowAction(row, target);
  return (
    <button type="button" disabled={disabled || busy} onClick={() => flow.send(tryLeia.event(target))}>
      {tryLeia.label}
    </button>
  );
}

/** The design wizard's Try, with its own failure text. */
function WizardTry() {
  return (
    <StartSessionActors
      texts={{
        noSession: 'Failed to initialize LEIA session',
        failed: 'Failed to initialize LEIA session',
      }}
    >
      <WizardTryButton />
    </StartSessionActors>
  );
}

function WizardTryButton() {
  const { start } = useStartSession();
  return (
    <button type="button" onClick={() => start({ key: 'wizard', body: { spec: {} } })}>
      Try
    </button>
  );
}

beforeEach(() => {
  initialize.mockReset();
  vi.mocked(toast.error).mockReset();
});

describe("Search row action 'Try'", () => {
  it('starts a session with the LEIA, is disabled meanwhile, then opens the chat with the problem description', async () => {
    const pending = deferred<{ sessionId: string }>();
    initialize.mockReturnValue(pending.promise);
    render(<TryButton />, { wrapper: StartSessionActors });
    await userEvent.click(screen.getByRole('button', { name: 'Try' }));
    expect(initialize).toHaveBeenCalledWith({ leia: 'leia-1' }, expect.anything());
    expect(screen.getByRole('button', { name: 'Try' })).toBeDisabled();
    await act(async () => pending.resolve({ sessionId: 'abc-123' }));
    expect(window.location.pathname).toBe('/chat/abc-123');
    expect(window.history.state).toEqual({ problemDescription: 'How does the bakery take orders?' });
    expect(screen.getByRole('button', { name: 'Try' })).toBeEnabled();
  });

  it("no session id: 'Could not start chat session', bottom-right for 5 s", async () => {
    initialize.mockResolvedValue({} as { sessionId: string });
    render(<TryButton />, { wrapper: StartSessionActors });
    await userEvent.click(screen.getByRole('button', { name: 'Try' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not start chat session', {
        position: 'bottom-right',
        duration: 5000,
      }),
    );
    expect(window.location.pathname).toBe('/');
  });

  it("a failure: 'Error starting chat session'", async () => {
    initialize.mockRejectedValue(httpError(500));
    render(<TryButton />, { wrapper: StartSessionActors });
    await userEvent.click(screen.getByRole('button', { name: 'Try' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error starting chat session', expect.anything()),
    );
    expect(screen.getByRole('button', { name: 'Try' })).toBeEnabled();
  });

  it("offers its palette command 'Try LEIA...'", () => {
    expect(tryLeia.title).toBe('Try LEIA...');
  });
});

describe('useStartSession with a screen of its own', () => {
  it("uses that screen's texts", async () => {
    initialize.mockRejectedValue(httpError(500));
    render(<WizardTry />);
    await userEvent.click(screen.getByRole('button', { name: 'Try' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to initialize LEIA session', expect.anything()),
    );
  });
});
