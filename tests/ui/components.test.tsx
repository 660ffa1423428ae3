import { Button, Field, Modal, Page, PasswordInput, RoleBadge, Tabs } from '@client/components';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

function ModalHarness({
  dismissible,
  closeOnBackdrop,
}: {
  dismissible?: boolean;
  closeOnBackdrop?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Edit user"
        description="Change the email or role."
        dismissible={dismissible}
        closeOnBackdrop={closeOnBackdrop}
        footer={<Button>Save</Button>}
      >
        <label>
          Email <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title and described by its description', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    expect(dialog).toHaveAccessibleDescription('Change the email or role.');
    expect(dialog).toHaveAttribute('open');
  });

  it('moves focus to the first field and traps Tab inside, both ways', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(email).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('Escape closes it and focus returns to the opener', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click and with the close button', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('dialog')); // the dialog element itself = its backdrop
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('dismissible={false}: Escape and backdrop do nothing and there is no close button', async () => {
    const user = userEvent.setup();
    render(<ModalHarness dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('closeOnBackdrop={false}: a backdrop click does nothing, Escape still closes', async () => {
    const user = userEvent.setup();
    render(<ModalHarness closeOnBackdrop={false} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

function TabsHarness() {
  const [value, setValue] = useState('persona');
  return (
    <Tabs
      label="Parts"
      value={value}
      onChange={setValue}
      tabs={[
        { id: 'persona', label: 'Persona', content: 'Persona content' },
        { id: 'problem', label: 'Problem', content: 'Problem content' },
        { id: 'behaviour', label: 'Behaviour', content: 'Behaviour content' },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('renders a named tablist; only the selected tab is tabbable; its panel is labelled by it', () => {
    render(<TabsHarness />);
    expect(screen.getByRole('tablist', { name: 'Parts' })).toBeInTheDocument();
    const persona = screen.getByRole('tab', { name: 'Persona' });
    expect(persona).toHaveAttribute('aria-selected', 'true');
    expect(persona).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Problem' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Persona' })).toHaveTextContent('Persona content');
  });

  it('arrow keys move and select (wrapping), Home/End jump', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Persona' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Problem' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Problem content');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Behaviour' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Persona' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Behaviour' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Persona' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a click selects', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    await user.click(screen.getByRole('tab', { name: 'Behaviour' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Behaviour content');
  });
});

describe('Field, PasswordInput, RoleBadge', () => {
  it('Field labels its control and wires the hint and the error', () => {
    render(
      <Field label="Email" hint="Your work address" error="Email is required">
        <input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required Your work address');
  });

  it('PasswordInput toggles visibility with a pressed-state button', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(input).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('RoleBadge shows the role label', () => {
    const roles = ['admin', 'advanced', 'guest'];
    render(
      <div>
        {roles.map((role) => (
          <RoleBadge key={role} role={role} />
        ))}
      </div>,
    );
    expect(screen.getByText('Administrator')).toHaveClass('badge--purple');
    expect(screen.getByText('Advanced')).toHaveClass('badge--blue');
    expect(screen.getByText('guest')).toHaveClass('badge--grey');
  });

  it('Button loading shows busy and disables', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('Page', () => {
  it("titles the browser tab after its screen: 'Profile · LEIA Designer'", () => {
    const { rerender } = render(<Page title="Profile">content</Page>);
    expect(document.title).toBe('Profile · LEIA Designer');
    rerender(<Page title="User Management">content</Page>);
    expect(document.title).toBe('User Management · LEIA Designer');
  });
});
