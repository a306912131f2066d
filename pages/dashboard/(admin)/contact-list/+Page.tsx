import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { api, listPath } from '../../../../components/console/api'
import { notify } from '../../../../components/console/notify'
import { PageHeader } from '../../../../components/console/PageHeader'
import { downloadCsv, toCsv } from '../../../../components/data-table/csv'
import { ListTable } from '../../../../components/data-table/ListTable'
import { useConsoleList } from '../../../../components/data-table/useConsoleList'
import type { ListState } from '../../../../components/data-table/useListState'
import { Modal } from '../../../../components/dialogs/Modal'
import { plural } from '../../../../components/text/words'
import { buttonStyles } from '../../../../components/ui/styles'
import type { ContactMessageDto } from '../../../../db/dto'
import { contactSortFields, PAGE_SIZE_MAX } from '../../../../db/list-params'
import { contactColumns, formatReceived } from './columns'

type ContactPage = { contacts: ContactMessageDto[]; total: number }

/** Every message matching the view's search, in its order (the API's largest pages). */
async function fetchWholeView({ sort, q }: ListState): Promise<ContactMessageDto[]> {
  const all: ContactMessageDto[] = []
  for (let page = 1; ; page++) {
    const answer = await api<ContactPage>(
      listPath('/api/contact', { page, pageSize: PAGE_SIZE_MAX, sort, q }),
    )
    all.push(...answer.contacts)
    if (answer.contacts.length === 0 || all.length >= answer.total) return all
  }
}

export function Page() {
  const queryClient = useQueryClient()
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
  })

  const exportCsv = async () => {
    setExporting(true)
    const toastId = notify.loading('Preparing the CSV file...')
    try {
      const messages = await fetchWholeView(list)
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
      <PageHeader title="Contact List" description="Messages sent through the contact form." />
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
            <div className="mt-5 flex flex-wrap justify-end gap-2">
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
              <a className={buttonStyles.primary} href={`mailto:${opened.email}`}>
                Reply by email
              </a>
            </div>
          </>
        ) : null}
      </Modal>
    </>
  )
}
