import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useData } from 'vike-react/useData'
import { ApiRequestError, api, listPath, SOMETHING_WENT_WRONG } from '#components/console/api'
import { notify } from '#components/console/notify'
import { PageHeader } from '#components/console/PageHeader'
import { downloadCsv } from '#components/data-table/downloadCsv'
import { ListTable } from '#components/data-table/ListTable'
import { useBulkAction } from '#components/data-table/useBulkAction'
import { useConsoleList } from '#components/data-table/useConsoleList'
import { type ListState, useUrlFilters } from '#components/data-table/useListState'
import { toCsv } from '#components/shared/csv'
import { plural } from '#components/shared/words'
import { useSiteTimeZone } from '#components/ui/LocalTime'
import { buttonStyles } from '#components/ui/styles'
import type { ContactMessageDto, PersonDto } from '#db/dto'
import { contactSortFields, PAGE_SIZE_MAX } from '#db/list-params'
import type { ContactBulkAction, ContactUpdate } from '#db/validation'
import type { Data } from './+data'
import { ContactMessageDialog } from './ContactMessageDialog'
import { contactColumns, formatReceived, STATUS_LOOK } from './columns'
import { FILTERS, type Filters, InboxFilters } from './InboxFilters'
import { inboxTitle } from './inboxTitle'

type ContactPage = { contacts: ContactMessageDto[]; total: number }

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

export function Page() {
  const timeZone = useSiteTimeZone()
  const queryClient = useQueryClient()
  const initial = useData<Data>()
  const [filters, setFilters] = useUrlFilters(FILTERS)
  const [opened, setOpened] = useState<ContactMessageDto | null>(null)
  const [exporting, setExporting] = useState(false)
  // The administrators, to assign messages to and to filter by.
  const people = useQuery({
    queryKey: ['people', 'administrators'],
    queryFn: ({ signal }) => api<{ people: PersonDto[] }>('/api/people', { signal }),
  })
  const administrators = people.data?.people ?? []

  /** PATCH /api/contact/{id}: read, spam, assignee; toasts the answer unless `quiet`. */
  const update = async (
    message: ContactMessageDto,
    changes: ContactUpdate,
    options: { quiet?: boolean; close?: boolean } = {},
  ) => {
    try {
      const answer = await api<{ message: string; contact: ContactMessageDto }>(
        `/api/contact/${message._id}`,
        { method: 'PATCH', json: changes },
      )
      setOpened((current) =>
        current?._id === message._id ? (options.close ? null : answer.contact) : current,
      )
      if (!options.quiet) notify.success(answer.message)
    } catch (failure) {
      notify.error(failure instanceof ApiRequestError ? failure.message : 'Something went wrong')
    }
    await queryClient.invalidateQueries({ queryKey: ['contacts'] })
    await queryClient.invalidateQueries({ queryKey: ['contact', message._id] })
  }
  const setRead = (message: ContactMessageDto, read: boolean) => update(message, { read })
  const setSpam = (message: ContactMessageDto, spam: boolean) => update(message, { spam })

  const open = (message: ContactMessageDto) => {
    setOpened(message)
    if (!message.read) void update(message, { read: true }, { quiet: true })
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only read state through setters.
  const columns = useMemo(() => contactColumns({ open, setRead, setSpam }), [])
  const view = useConsoleList<ContactMessageDto, 'contacts'>({
    sortFields: contactSortFields,
    columns,
    queryKey: ['contacts'],
    path: '/api/contact',
    rowsKey: 'contacts',
    filters,
  })

  // The tab title follows the unread count as messages are read.
  const unread = view.status.unread ?? initial.unread
  useEffect(() => {
    document.title = inboxTitle(unread)
  }, [unread])

  // POST /api/contact/bulk: one request for all the selected messages, which answers what it did.
  const bulk = (action: ContactBulkAction) => async (messages: ContactMessageDto[]) => {
    const answer = await api<{ message: string }>('/api/contact/bulk', {
      method: 'POST',
      json: { ids: messages.map((message) => message._id), action },
    })
    return { success: answer.message }
  }
  const changed = { invalidate: ['contacts'], failure: () => SOMETHING_WENT_WRONG }
  const markRead = useBulkAction(bulk('read'), changed)
  const markUnread = useBulkAction(bulk('unread'), changed)
  const markSpam = useBulkAction(bulk('spam'), changed)
  const markNotSpam = useBulkAction(bulk('not-spam'), changed)
  const deleteMessages = useBulkAction(bulk('delete'), changed)

  // Previous and next in the dialog walk the rows of the page on screen.
  const position = opened ? view.status.rows.findIndex((row) => row._id === opened._id) : -1
  const previous = position > 0 ? view.status.rows[position - 1] : undefined
  const next = position >= 0 ? view.status.rows[position + 1] : undefined

  const exportCsv = async () => {
    setExporting(true)
    const toastId = notify.loading('Preparing the CSV file...')
    try {
      const messages = await fetchWholeView(view.list, filters)
      const csv = toCsv(
        ['Name', 'Email', 'Message', 'Received', 'Status', 'Assigned to'],
        messages.map((message) => [
          message.name,
          message.email,
          message.message,
          formatReceived(message.receivedAt, timeZone),
          STATUS_LOOK[message.status].label,
          message.assignee?.name ?? '',
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
      <InboxFilters filters={filters} administrators={administrators} onChange={setFilters} />
      <ListTable
        {...view}
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
            disabled={exporting || view.status.total === 0}
          >
            Export CSV
          </button>
        }
        onRowClick={open}
        rowClassName={(message) => (message.read ? '' : 'bg-amber-50/40')}
        bulkActions={
          filters.status === 'spam'
            ? [{ label: 'Not spam', run: markNotSpam }]
            : [
                { label: 'Mark read', run: markRead },
                { label: 'Mark unread', run: markUnread },
                { label: 'Mark as spam', run: markSpam },
              ]
        }
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
      <ContactMessageDialog
        message={opened}
        onClose={() => setOpened(null)}
        previous={previous}
        next={next}
        onOpen={open}
        mailConfigured={initial.mailConfigured}
        replyTo={initial.replyTo}
        administrators={administrators}
        update={(message, changes, close) => update(message, changes, { close })}
      />
    </>
  )
}
