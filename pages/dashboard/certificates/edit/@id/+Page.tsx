import { navigate } from 'vike/client/router'
import { useData } from 'vike-react/useData'
import { PageHeader } from '#components/console/PageHeader'
import { TemplateEditor } from '../../TemplateEditor'
import type { Data } from './+data'

export function Page() {
  const { template } = useData<Data>()
  return (
    <>
      <PageHeader
        title={`Edit ${template.name}`}
        back={{ href: '/dashboard/certificates', label: 'Certificates' }}
      />
      <TemplateEditor
        template={template}
        initial={template.design}
        onSaved={() => navigate('/dashboard/certificates')}
      />
    </>
  )
}
