import { NOTICE_TOAST } from '@client/toasts';
import { act, screen, waitFor } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { toast } from 'sonner';
import {
  bank,
  deferred,
  dialog,
  httpError,
  inRow,
  library,
  mocked,
  renderSearch,
  resetApi,
  rowOf,
  zoo,
} from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/leias', partlyFake('listLeias', 'getLeia', 'deleteLeia'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

beforeEach(() => {
  resetApi();
  vi.mocked(toast.success).mockReset();
});

const openDelete = async (name = 'Bank interview') => {
  const screenApi = await renderSearch();
  await screenApi.user.click(inRow(name).getByRole('button', { name: /^Delete / }));
  const modal = dialog('Delete LEIA');
  return {
    ...screenApi,
    modal,
    field: modal.getByRole('textbox'),
    button: modal.getByRole('button', { name: 'Delete LEIA' }),
  };
};

const value = (modal: ReturnType<typeof dialog>, label: string) =>
  modal.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Delete LEIA modal', () => {
  it('shows name, type LEIA, version, created date and the warning; the field has focus', async () => {
    const { modal, field } = await openDelete();
    expect(value(modal, 'Name')).toBe('Bank interview');
    expect(value(modal, 'Type')).toBe('LEIA');
    expect(value(modal, 'Version')).toBe('1.2.0');
    expect(value(modal, 'Created')).toMatch(/^Nov \d{1,2}, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(
      modal.getByText('This action cannot be undone. The LEIA will be permanently deleted.'),
    ).toBeInTheDocument();
    expect(field).toHaveAccessibleName('Type Bank interview to confirm');
    expect(field).toHaveFocus();
    for (const name of ['Reset', 'Cancel', 'Delete LEIA']) {
      expect(modal.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('enables Delete LEIA only on the exact name, with the mismatch message before; Reset clears', async () => {
    const { user, modal, field, button } = await openDelete();
    expect(button).toBeDisabled();
    await user.type(field, 'bank interview');
    expect(button).toBeDisabled();
    expect(modal.getByText('Name doesn\'t match. Type "Bank interview" exactly.')).toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Reset' }));
    expect(field).toHaveValue('');
    await user.type(field, 'Bank interview');
    expect(button).toBeEnabled();
    expect(modal.queryByText(/doesn't match/)).toBeNull();
  });

  it("deletes: 'Deleting...' with every control disabled, then the success toast and a reload with the same filters", async () => {
    const pending = deferred<void>();
    mocked.deleteLeia.mockReturnValue(pending.promise);
    const { user, modal, field, button } = await openDelete();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Visibility' }), 'public');
    await waitFor(() => expect(mocked.listLeias.mock.lastCall?.[0]).toMatchObject({ visibility: 'public' }));
    const loads = mocked.listLeias.mock.calls.length;
    await user.type(field, 'Bank interview');
    await user.click(button);
    expect(mocked.deleteLeia).toHaveBeenCalledWith(bank.id);
    expect(modal.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(modal.getByRole('button', { name: 'Reset' })).toBeDisabled();
    expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(field).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete LEIA' })).toBeInTheDocument();

    mocked.listLeias.mockResolvedValue({ items: [library, zoo] });
    await act(async () => pending.resolve());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('LEIA deleted successfully', NOTICE_TOAST);
    expect(screen.queryByRole('article', { name: 'Bank interview' })).toBeNull();
    await waitFor(() => expect(mocked.listLeias.mock.calls.length).toBe(loads + 1));
    expect(mocked.listLeias.mock.lastCall?.[0]).toMatchObject({ visibility: 'public', version: 'latest' });
    // The keyboard user carries on from the row now in that place.
    await waitFor(() => expect(rowOf('Library')).toHaveFocus());
  });

  it.each([
    [httpError(403, { message: 'Forbidden' }), 'You do not have permission to delete this LEIA'],
    [httpError(404, { message: 'nope' }), 'LEIA not found'],
    [httpError(500, { message: 'Database is down' }), 'Database is down'],
    [httpError(500), 'An error occurred while deleting the resource'],
    // No response at all (ofetch's FetchError without status or body).
    [new FetchError('<no response> Failed to fetch'), 'An error occurred while deleting the resource'],
  ])('shows the section 8 message for %s and stays open', async (error, message) => {
    mocked.deleteLeia.mockRejectedValue(error);
    const { user, modal, field, button } = await openDelete();
    await user.type(field, 'Bank interview');
    await user.click(button);
    expect(await modal.findByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveValue('Bank interview');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('names the activities that use the LEIA on a 400 (no ids, the plural that agrees)', async () => {
    mocked.deleteLeia.mockRejectedValue(
      httpError(400, {
        message: 'Cannot delete LEIA: it is being used in 2 activities: Week 1, Week 2.',
        data: [
          { id: 'e-1', name: 'Week 1' },
          { id: 'e-2', name: 'Week 2' },
        ],
      }),
    );
    const { user, modal, field, button } = await openDelete();
    await user.type(field, 'Bank interview');
    await user.click(button);
    const alert = await modal.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^Cannot delete LEIA: it is being used in 2 activities: Week 1, Week 2\.$/,
    );
    expect(alert).not.toHaveTextContent('e-1');
  });

  it('Cancel closes without deleting', async () => {
    const { user, modal } = await openDelete();
    await user.click(modal.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mocked.deleteLeia).not.toHaveBeenCalled();
  });
});
