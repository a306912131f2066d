import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Avatar } from '#components/ui/Avatar'
import { buttonStyles } from '#components/ui/styles'
import { committeePhotoOf } from '#content/images'
import type { CommitteeMember } from '#db/validation'
import { memberName } from './MemberDialog'

/** A member as the list shows it: its key in the form's array, where it is there, what it holds, what is wrong. */
export type MemberRow = {
  id: string
  index: number
  member: Pick<CommitteeMember, 'name' | 'designation' | 'affiliation' | 'photo'>
  errors: string[]
}

const instructions =
  'To move a member, press Space or Enter on its handle, then the up and down arrow keys; Space or Enter drops it there, Escape puts it back.'

/** What a screen reader hears while a member moves: who, and to which place of the group. */
function announcementsFor(rows: readonly MemberRow[], groupTitle: string): Announcements {
  const nameOf = (id: UniqueIdentifier) => {
    const row = rows.find((candidate) => candidate.id === id)
    return row ? memberName(row.member) : 'The member'
  }
  const place = (id: UniqueIdentifier) =>
    `place ${rows.findIndex((row) => row.id === id) + 1} of ${rows.length} in ${groupTitle}`
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${place(over.id)}.` : `${nameOf(active.id)} is over no place.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${place(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled: ${nameOf(active.id)} stays at ${place(active.id)}.`,
  }
}

/**
 * One group's members in the order the page shows them, re-ordered by pointer (the handle) or keyboard
 * (@dnd-kit's keyboard sensor), with its screen-reader instructions and announcements. `onMove` gets the
 * positions in the committee's whole list, which the PUT takes.
 */
export function SortableMembers({
  groupId,
  groupTitle,
  rows,
  onMove,
  onEdit,
  onRemove,
}: {
  groupId: string
  groupTitle: string
  rows: readonly MemberRow[]
  onMove: (from: number, to: number) => void
  onEdit: (row: MemberRow) => void
  onRemove: (row: MemberRow) => void
}) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = rows.find((row) => row.id === active.id)
    const to = rows.find((row) => row.id === over.id)
    if (from && to) onMove(from.index, to.index)
  }
  return (
    <DndContext
      // A fixed id: the same aria-describedby in the server's HTML and the browser's.
      id={`members-${groupId}`}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements: announcementsFor(rows, groupTitle),
        screenReaderInstructions: { draggable: instructions },
      }}
    >
      <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
        <ol aria-label={groupTitle} className="grid grid-cols-1 gap-2">
          {rows.map((row) => (
            <SortableMember
              key={row.id}
              row={row}
              onEdit={() => onEdit(row)}
              onRemove={() => onRemove(row)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function SortableMember({
  row,
  onEdit,
  onRemove,
}: {
  row: MemberRow
  onEdit: () => void
  onRemove: () => void
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.id })
  const name = memberName(row.member)
  const photo = committeePhotoOf(row.member.photo)
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex flex-wrap items-center gap-2 rounded-lg border bg-white p-2 ${
        isDragging ? 'relative z-10 border-brand-500 shadow-lg' : 'border-slate-200'
      } ${row.errors.length > 0 ? 'border-red-300' : ''}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${name}`}
        className="inline-flex min-h-11 min-w-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 active:cursor-grabbing"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <circle cx="7" cy="5" r="1.5" />
          <circle cx="13" cy="5" r="1.5" />
          <circle cx="7" cy="10" r="1.5" />
          <circle cx="13" cy="10" r="1.5" />
          <circle cx="7" cy="15" r="1.5" />
          <circle cx="13" cy="15" r="1.5" />
        </svg>
      </button>
      {photo ? (
        <img src={photo.src} alt="" className="size-10 shrink-0 rounded-full bg-slate-100 object-cover" />
      ) : (
        <Avatar name={row.member.name || '?'} className="size-10 text-sm" />
      )}
      <div className="min-w-0 flex-1">
        <p
          className={`font-medium sm:truncate ${row.member.name ? 'text-slate-900' : 'text-slate-600 italic'}`}
        >
          {row.member.name || 'No name yet'}
        </p>
        <p className="text-sm text-brand-800 sm:truncate">{row.member.designation}</p>
        {row.member.affiliation ? (
          <p className="truncate text-xs text-slate-600 max-sm:hidden">{row.member.affiliation}</p>
        ) : null}
        {row.errors.map((error) => (
          <p key={error} className="text-xs font-medium text-red-700">
            {error}
          </p>
        ))}
      </div>
      {/* On a phone the buttons take a line of their own, under the name. */}
      <div className="flex shrink-0 justify-end gap-1.5 max-sm:basis-full">
        <button type="button" className={buttonStyles.rowAction} onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </button>
        <button
          type="button"
          className={buttonStyles.rowDanger}
          onClick={onRemove}
          aria-label={`Remove ${name}`}
        >
          Remove
        </button>
      </div>
    </li>
  )
}
