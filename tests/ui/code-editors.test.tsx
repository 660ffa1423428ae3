import { DiffView } from '@client/components/code/DiffView';
import { JsonEditor } from '@client/components/code/JsonEditor';
import { SPEC_JSON_SCHEMAS } from '@shared/schemas/spec-json-schemas';
import { render, screen, waitFor } from '@testing-library/react';

describe('JsonEditor', () => {
  it('says Loading... until its chunk is there, then shows the JSON in a labelled editor', async () => {
    const onChange = vi.fn();
    render(
      <JsonEditor
        value={'{\n  "fullName": "Ann"\n}'}
        onChange={onChange}
        schema={SPEC_JSON_SCHEMAS.persona}
        label="Persona spec"
      />,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const editor = await screen.findByRole('textbox', { name: 'Persona spec' }, { timeout: 15_000 });
    expect(editor).toHaveTextContent('"fullName": "Ann"');
    expect(editor).toHaveAttribute('contenteditable', 'true');
  });

  it('is read-only when asked', async () => {
    render(<JsonEditor value="[]" schema={SPEC_JSON_SCHEMAS.problem} label="Problem spec" readOnly />);
    const editor = await screen.findByRole('textbox', { name: 'Problem spec' }, { timeout: 15_000 });
    expect(editor).toHaveAttribute('contenteditable', 'false');
  });
});

describe('DiffView', () => {
  it('shows both sides with their labels', async () => {
    render(<DiffView before={'a\nb\nc'} after={'a\nB\nc'} beforeLabel="Original" afterLabel="Edited" />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Edited' })).toHaveTextContent('B'), {
      timeout: 15_000,
    });
    expect(screen.getByRole('textbox', { name: 'Original' })).toHaveTextContent('b');
  });
});
