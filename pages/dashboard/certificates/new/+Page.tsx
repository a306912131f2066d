import { navigate } from 'vike/client/router'
import { PageHeader } from '#components/console/PageHeader'
import { DEFAULT_CERTIFICATE_DESIGN } from '#db/validation'
import { TemplateEditor } from '../TemplateEditor'

/** A new template, starting from the built-in design. */
export function Page() {
  return (
    <>
      <PageHeader
        title="New certificate template"
        back={{ href: '/dashboard/certificates', label: 'Certificates' }}
      />
      <TemplateEditor
        initial={DEFAULT_CERTIFICATE_DESIGN}
        onSaved={() => navigate('/dashboard/certificates')}
      />
    </>
  )
}
