import { Modal } from '../dialogs/Modal'
import { type Shortcut, TABLE_SHORTCUTS } from './keyboard'

/** The `?` dialog: the keys of a console list. */
export function ShortcutsDialog({
  open,
  onOpenChange,
  shortcuts = TABLE_SHORTCUTS,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The keys this table answers; a paged list's by default. */
  shortcuts?: readonly Shortcut[] | undefined
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {shortcuts.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">
                {keys}
              </kbd>
            </dt>
            <dd className="text-slate-700">{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  )
}

/** Opens the `?` dialog; hidden on a phone, which has no keyboard. */
export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="hidden rounded-md px-2 py-1.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800 sm:inline-flex"
      onClick={onClick}
      aria-keyshortcuts="?"
    >
      Keyboard shortcuts
    </button>
  )
}
