import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { api } from '#components/console/api'
import { EmptyState, PageHeader } from '#components/console/PageHeader'
import { useDeleteAction } from '#components/console/useDeleteAction'
import { ConfirmDialog } from '#components/dialogs/ConfirmDialog'
import { buttonStyles } from '#components/ui/styles'
import type { CertificateTemplateDto } from '#db/dto'
import type { Data } from './+data'

function TemplateRow({ template }: { template: CertificateTemplateDto }) {
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteAction(`/api/certificate-templates/${template._id}`, {
    success: 'Template deleted',
    invalidate: ['certificate-templates'],
  })
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <p className="font-semibold text-slate-900">{template.name}</p>
        <p className="text-sm text-slate-600">
          {template.chapterId === null ? 'Site-wide: every chapter may use it' : "Your chapter's"} ·{' '}
          {template.design.paper === 'a4' ? 'A4' : 'Letter'} landscape
        </p>
      </div>
      {template.editable ? (
        <div className="flex gap-2">
          <a className={buttonStyles.secondary} href={`/dashboard/certificates/edit/${template._id}`}>
            Edit <span className="sr-only">{template.name}</span>
          </a>
          <button type="button" className={buttonStyles.danger} onClick={() => setConfirming(true)}>
            Delete <span className="sr-only">{template.name}</span>
          </button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Delete ${template.name}?`}
            description="It goes to the Trash for 30 days. Certificates already issued with it stay as they are."
            confirmLabel="Delete"
            onConfirm={remove}
          />
        </div>
      ) : (
        <span className="text-sm text-slate-600">Made by an administrator</span>
      )}
    </li>
  )
}

/**
 * Certificate templates (docs/product.md#certificates): the chapter's own and the site-wide ones; issuing
 * is on an event's Attendees page.
 */
export function Page() {
  const { admin } = useData<Data>()
  const templates = useQuery({
    queryKey: ['certificate-templates'],
    queryFn: () => api<{ templates: CertificateTemplateDto[] }>('/api/certificate-templates'),
  })
  const list = templates.data?.templates ?? []
  return (
    <>
      <PageHeader
        title="Certificates"
        description={
          admin
            ? 'Site-wide templates every chapter may use. Certificates are issued from an event’s Attendees page.'
            : 'Your chapter’s templates and the site-wide ones. Certificates are issued from an event’s Attendees page.'
        }
        actions={
          <a className={buttonStyles.primary} href="/dashboard/certificates/new">
            New template
          </a>
        }
      />
      {templates.isPending ? (
        <p role="status">Loading templates...</p>
      ) : list.length === 0 ? (
        <EmptyState title="No Templates Found" />
      ) : (
        <ul className="space-y-3">
          {list.map((template) => (
            <TemplateRow key={template._id} template={template} />
          ))}
        </ul>
      )}
    </>
  )
}
