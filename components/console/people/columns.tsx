import { createColumnHelper } from '@tanstack/react-table'
import type { PersonDto } from '#db/dto'
import type { ServerTableFeatures } from '../../data-table/serverTable'
import { LocalTime } from '../../ui/LocalTime'
import { PersonRowActions, type PersonRowContext } from './PersonRowActions'

const helper = createColumnHelper<ServerTableFeatures, PersonDto>()

/** The people table's columns, in the API's order (it sorts nothing): name, email, status, last sign-in, actions. */
export const peopleColumns = (context: PersonRowContext) =>
  helper.columns([
    helper.accessor('name', {
      header: 'Name',
      enableSorting: false,
      meta: { card: 'title' },
      cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span>,
    }),
    helper.accessor('email', { header: 'Email', enableSorting: false }),
    helper.accessor('disabled', {
      header: 'Status',
      enableSorting: false,
      cell: (info) =>
        info.getValue() ? (
          <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">Disabled</span>
        ) : (
          <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs text-green-800">Active</span>
        ),
    }),
    helper.accessor('lastSignInAt', {
      header: 'Last sign-in',
      enableSorting: false,
      meta: { className: 'whitespace-nowrap' },
      cell: (info) => {
        const at = info.getValue()
        return at ? <LocalTime at={at} /> : 'Never'
      },
    }),
    helper.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-px', card: 'actions' },
      cell: (info) => <PersonRowActions person={info.row.original} context={context} />,
    }),
  ])
