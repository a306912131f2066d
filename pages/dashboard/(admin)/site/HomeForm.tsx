import { TextAreaField, TextField } from '#components/form/Field'
import { SectionList, sectionForm } from './section'
import { NO_IMAGE, TextImageField } from './TextImageField'

/** The home page: the hero, the member count (also in the footer and on /membership), section texts, the gallery. */
export const HomeForm = sectionForm('home', 'Home page saved', (form, onUploadingChange) => (
  <>
    <TextField label="Headline" {...form.field('home.hero.headline')} />
    <TextAreaField label="Mission" rows={3} {...form.field('home.hero.mission')} />
    <TextField
      label="Member count"
      inputMode="numeric"
      hint='A number such as 60,000: the pages say "more than 60,000 members".'
      {...form.field('home.memberCount')}
    />
    <TextField label="About, title" {...form.field('home.about.title')} />
    <TextAreaField label="About, text" rows={4} {...form.field('home.about.text')} />
    <TextField label="Events, title" {...form.field('home.activities.title')} />
    <TextAreaField label="Events, introduction" rows={2} {...form.field('home.activities.intro')} />
    <TextField label="Gallery, title" {...form.field('home.gallery.title')} />
    <SectionList
      legend="Gallery pictures"
      form={form}
      name="home.gallery.images"
      newItem={() => ({ image: NO_IMAGE, alt: '' })}
      itemTitle={(index) => `Gallery picture ${index + 1}`}
      addLabel="Add a picture"
      renderItem={(index) => (
        <>
          <TextImageField
            control={form.control}
            name={`home.gallery.images.${index}.image`}
            label={`Gallery picture ${index + 1}, image`}
            onUploadingChange={onUploadingChange}
          />
          <TextField
            label={`Gallery picture ${index + 1}, description`}
            hint="What the picture shows, for those who cannot see it."
            {...form.field(`home.gallery.images.${index}.alt`)}
          />
        </>
      )}
    />
  </>
))
