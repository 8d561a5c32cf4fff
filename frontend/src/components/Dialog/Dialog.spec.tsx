/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog, useConfirm } from './Dialog';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      {open && (
        <Dialog title="Rename the project" onClose={() => setOpen(false)}>
          <input aria-label="Title" />
          <button type="button">Save</button>
        </Dialog>
      )}
    </>
  );
}

it('is a modal dialog named by its title', async () => {
  render(<Page />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Rename' }));
  const dialog = screen.getByRole('dialog', { name: 'Rename the project' });
  expect(dialog.getAttribute('aria-modal')).toBe('true');
  expect(dialog.hasAttribute('open')).toBe(true);
});

it('closes on Escape and gives the focus back to the button that opened it', async () => {
  render(<Page />);
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: 'Rename' });
  await user.click(opener);
  await user.click(screen.getByRole('textbox', { name: 'Title' }));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);
});

it('closes on Escape when the focus fell out of it', async () => {
  render(<Page />);
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: 'Rename' });
  await user.click(opener);
  act(() => (document.activeElement as HTMLElement).blur());
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);
});

it('keeps Tab inside: from the last control to the first and back', async () => {
  render(<Page />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Rename' }));
  const dialog = screen.getByRole('dialog');
  // jsdom lays nothing out: every control counts as visible
  for (const el of dialog.querySelectorAll('input, button')) Object.defineProperty(el, 'offsetParent', { get: () => dialog });
  const title = screen.getByRole('textbox', { name: 'Title' });
  const save = screen.getByRole('button', { name: 'Save' });
  save.focus();
  await user.tab();
  expect(document.activeElement).toBe(title);
  await user.tab({ shift: true });
  expect(document.activeElement).toBe(save);
});

it('asks before a destructive action: Cancel answers no, the action yes', async () => {
  const answers: boolean[] = [];
  function Asker() {
    const [confirm, dialog] = useConfirm();
    return (
      <>
        <button
          type="button"
          onClick={() => void confirm({ title: 'Delete?', message: 'It cannot be undone.', action: 'Delete' }).then((ok) => answers.push(ok))}
        >
          Delete project
        </button>
        {dialog}
      </>
    );
  }
  render(<Asker />);
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: 'Delete project' });
  await user.click(opener);
  // the safe answer has the focus
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  await user.keyboard('{Escape}');
  await user.click(opener);
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(answers).toEqual([false, true]);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);
});
