import { TextField } from '#components/form/Field'
import { SectionList, sectionForm } from './section'

/** The footer's columns of links. */
export const FooterForm = sectionForm('footer', 'Footer saved', (form) => (
  <SectionList
    legend="Columns"
    form={form}
    name="footer.columns"
    newItem={() => ({ title: '', links: [{ label: '', href: '' }] })}
    itemTitle={(index) => `Column ${index + 1}`}
    addLabel="Add a column"
    renderItem={(index) => (
      <>
        <TextField label={`Column ${index + 1}, title`} {...form.field(`footer.columns.${index}.title`)} />
        <SectionList
          legend={`Column ${index + 1}, links`}
          form={form}
          name={`footer.columns.${index}.links`}
          newItem={() => ({ label: '', href: '' })}
          itemName={(link) => `column ${index + 1} link ${link + 1}`}
          addLabel="Add a link"
          renderItem={(link) => (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={`Column ${index + 1}, link ${link + 1}, text`}
                {...form.field(`footer.columns.${index}.links.${link}.label`)}
              />
              <TextField
                label={`Column ${index + 1}, link ${link + 1}, address`}
                hint="A path on this site (/events) or an http(s) address."
                {...form.field(`footer.columns.${index}.links.${link}.href`)}
              />
            </div>
          )}
        />
      </>
    )}
  />
))
