import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useState } from 'react'
import { useData } from 'vike-react/useData'
import { api, listPath, SOMETHING_WENT_WRONG } from '../../../../components/console/api'
import { notify } from '../../../../components/console/notify'
import { PageHeader } from '../../../../components/console/PageHeader'
import { downloadCsv, toCsv } from '../../../../components/data-table/csv'
import { ListTable } from '../../../../components/data-table/ListTable'
import { useBulkAction } from '../../../../components/data-table/useBulkAction'
import { useConsoleList } from '../../../../components/data-table/useConsoleList'
import { type ListState, useUrlFilters } from '../../../../components/data-table/useListState'
import { Modal } from '../../../../components/dialogs/Modal'
import { plural } from '../../../../components/text/words'
import { buttonStyles, inputStyles } from '../../../../components/ui/styles'
import type { ContactMessageDto } from '../../../../db/dto'
import { contactSortFields, PAGE_SIZE_MAX } from '../../../../db/list-params'
import type { Data } from './+data'
import { contactColumns, formatReceived } from './columns'
import { inboxTitle } from './inboxTitle'
import { replyLink } from './reply'

type ContactPage = { contacts: ContactMessageDto[]; total: number }

/** The inbox's filters, in the URL beside page, sort and search. */
const FILTERS = ['status', 'from', 'to'] as const
type Filters = Record<(typeof FILTERS)[number], string>
const STATUSES = [
  ['', 'All'],
  ['unread', 'Unread'],
  ['read', 'Read'],
] as const

/** Every message matching the view's filters and search, in its order (the API's largest pages). */
async function fetchWholeView({ sort, q }: ListState, filters: Filters): Promise<ContactMessageDto[]> {
  const all: ContactMessageDto[] = []
  for (let page = 1; ; page++) {
    const answer = await api<ContactPage>(
      listPath('/api/contact', { page, pageSize: PAGE_SIZE_MAX, sort, q, filters }),
    )
    all.push(...answer.contacts)
    if (answer.contacts.length === 0 || all.length >= answer.total) return all
  }
}

/** Unread, read or all; and the received date range. Each change is a new URL (back undoes it). */
function InboxFilters({
  filters,
  onChange,
}: {
  filters: Filters
  onChange: (changes: Partial<Filters>) => void
}) {
  const id = useId()
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3">
      <fieldset>
        <legend className="sr-only">Show</legend>
        <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-xs">
          {STATUSES.map(([value, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={filters.status === value}
              onClick={() => onChange({ status: value })}
              className="min-h-9 rounded px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-700 aria-pressed:text-white max-sm:min-h-11"
            >
              {label}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-from`} className="mb-1 block text-xs font-medium text-slate-700">
            Received from
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
            className={`${inputStyles} w-40`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="mb-1 block text-xs font-medium text-slate-700">
            Received to
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => onChange({ to: event.target.value })}
            className={`${inputStyles} w-40`}
          />
        </div>
        {filters.from || filters.to ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => onChange({ from: '', to: '' })}
          >
            Any date
          </button>
        ) : null}
      </div>
    </div>
  )
}

export function Page() {
  const queryClient = useQueryClient()
  const initial = useData<Data>()
  const [filters, setFilters] = useUrlFilters(FILTERS)
  const [opened, setOpened] = useState<ContactMessageDto | null>(null)
  const [exporting, setExporting] = useState(false)

  const setRead = async (message: ContactMessageDto, read: boolean, quiet = false) => {
    try {
      const answer = await api<{ message: string; contact: ContactMessageDto }>(
        `/api/contact/${message._id}`,
        {
          method: 'PATCH',
          json: { read },
        },
      )
      setOpened((current) => (current?._id === message._id ? answer.contact : current))
      if (!quiet) notify.success(read ? 'Marked as read' : 'Marked as unread')
    } catch {
      notify.error('Something went wrong')
    }
    await queryClient.invalidateQueries({ queryKey: ['contacts'] })
  }

  const open = (message: ContactMessageDto) => {
    setOpened(message)
    if (!message.read) void setRead(message, true, true)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only read state through setters.
  const columns = useMemo(() => contactColumns({ open, setRead }), [])
  const {
    list,
    status: contacts,
    table,
  } = useConsoleList<ContactMessageDto, 'contacts'>({
    sortFields: contactSortFields,
    columns,
    queryKey: ['contacts'],
    path: '/api/contact',
    rowsKey: 'contacts',
    filters,
  })

  // The tab title follows the unread count as messages are read.
  const unread = contacts.unread ?? initial.unread
  useEffect(() => {
    document.title = inboxTitle(unread)
  }, [unread])

  // POST /api/contact/bulk: one request for all the selected messages, which answers what it did.
  const bulk = (action: 'read' | 'unread' | 'delete') => async (messages: ContactMessageDto[]) => {
    const answer = await api<{ message: string }>('/api/contact/bulk', {
      method: 'POST',
      json: { ids: messages.map((message) => message._id), action },
    })
    return { success: answer.message }
  }
  const changed = { invalidate: ['contacts'], failure: () => SOMETHING_WENT_WRONG }
  const markRead = useBulkAction(bulk('read'), changed)
  const markUnread = useBulkAction(bulk('unread'), changed)
  const deleteMessages = useBulkAction(bulk('delete'), changed)

  // Previous and next in the dialog walk the rows of the page on screen.
  const position = opened ? contacts.rows.findIndex((row) => row._id === opened._id) : -1
  const previous = position > 0 ? contacts.rows[position - 1] : undefined
  const next = position >= 0 ? contacts.rows[position + 1] : undefined

  const exportCsv = async () => {
    setExporting(true)
    const toastId = notify.loading('Preparing the CSV file...')
    try {
      const messages = await fetchWholeView(list, filters)
      const csv = toCsv(
        ['Name', 'Email', 'Message', 'Received', 'Status'],
        messages.map((message) => [
          message.name,
          message.email,
          message.message,
          formatReceived(message.receivedAt),
          message.read ? 'Read' : 'Unread',
        ]),
      )
      downloadCsv(`contact-messages-${new Date().toISOString().slice(0, 10)}.csv`, csv)
      notify.success(`Exported ${plural(messages.length, 'message')}`, toastId)
    } catch {
      notify.error('Something went wrong', toastId)
    } finally {
      setExporting(false)
    }
  }

  return (
    <>
      <PageHeader
        title="Contact List"
        description={`Messages sent through the contact form${unread ? `: ${unread} unread` : ''}.`}
      />
      <InboxFilters filters={filters} onChange={setFilters} />
      <ListTable
        table={table}
        list={list}
        status={contacts}
        label="Contact messages"
        noun="messages"
        searchLabel="Search messages"
        searchPlaceholder="Name, email or message"
        emptyTitle="No Messages Found"
        actions={
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={exportCsv}
            disabled={exporting || contacts.total === 0}
          >
            Export CSV
          </button>
        }
        onRowClick={open}
        rowClassName={(message) => (message.read ? '' : 'bg-amber-50/40')}
        bulkActions={[
          { label: 'Mark read', run: markRead },
          { label: 'Mark unread', run: markUnread },
        ]}
        bulkDelete={{
          noun: 'message',
          consequence: (messages) => (
            <p>
              The messages from {[...new Set(messages.map((message) => message.name))].join(', ')} will be
              moved to the Trash for 30 days.
            </p>
          ),
          run: deleteMessages,
        }}
      />
      <Modal
        open={opened !== null}
        onOpenChange={(next) => !next && setOpened(null)}
        title={opened ? `Message from ${opened.name}` : ''}
        description={opened ? `Received ${formatReceived(opened.receivedAt)}` : undefined}
        size="lg"
      >
        {opened ? (
          <>
            <p className="text-sm text-slate-600">
              <a className="font-medium text-brand-700 hover:underline" href={`mailto:${opened.email}`}>
                {opened.email}
              </a>
            </p>
            <p className="mt-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
              {opened.message}
            </p>
            <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
              <div className="mr-auto flex gap-2">
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  disabled={!previous}
                  onClick={() => previous && open(previous)}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  disabled={!next}
                  onClick={() => next && open(next)}
                >
                  Next
                </button>
              </div>
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={async () => {
                  await setRead(opened, false)
                  setOpened(null)
                }}
              >
                Mark as unread
              </button>
              <a className={buttonStyles.primary} href={replyLink(opened)}>
                Reply
              </a>
            </div>
          </>
        ) : null}
      </Modal>
    </>
  )
}
