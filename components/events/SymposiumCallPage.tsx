import type { SymposiumCall } from '#content/schema'
import { Icon } from '../ui/icons'
import { PageBanner, Section } from '../ui/PageBanner'
import { Picture } from '../ui/Picture'

/** A symposium call (docs/decisions/001-symposium-call-routes.md): banner, description, topics, dates, committees and notes. */
export function SymposiumCallPage({ call }: { call: SymposiumCall }) {
  return (
    <>
      <PageBanner title={call.title} eyebrow={`${call.season} Symposium · ${call.mode}`}>
        <p className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <span className="inline-flex items-center gap-2">
            <Icon name="calendar" /> {call.dates}
          </span>
          <span className="inline-flex items-center gap-2">
            <Icon name="globe" /> Held {call.mode.toLowerCase()}
          </span>
        </p>
      </PageBanner>
      <Section id="call" title="About the symposium">
        <Picture
          image={call.banner}
          alt={`${call.season} Symposium banner`}
          eager
          className="h-auto w-full rounded-2xl shadow-md"
        />
        <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
          <div className="space-y-4 text-lg leading-relaxed text-slate-700">
            {call.description.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <h3 className="pt-4 text-xl font-semibold text-slate-900">Topics</h3>
            <ul className="list-disc space-y-1 pl-6 text-base">
              {call.topics.map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
          </div>
          <div className="space-y-6">
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-6">
              <h3 className="text-lg font-semibold text-slate-900">Important dates</h3>
              <dl className="mt-4 space-y-3">
                {call.importantDates.map((item) => (
                  <div key={item.label}>
                    <dt className="text-sm text-slate-600">{item.label}</dt>
                    <dd className="font-semibold text-brand-800">{item.date}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <div className="rounded-xl border border-amber-200 bg-amber-50 p-6">
              <h3 className="text-lg font-semibold text-slate-900">Please note</h3>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
                {call.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </Section>
      <Section id="program-committee" title="Program Committee" tinted>
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Object.entries(call.programCommittee).map(([role, people]) => (
            <div key={role} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <dt className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{role}</dt>
              {people.map((person) => (
                <dd key={person} className="mt-2 text-slate-800">
                  {person}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      </Section>
      <Section id="technical-program-committee" title="Technical Program Committee">
        <ul className="grid gap-x-8 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {call.technicalProgramCommittee.map((person) => (
            <li key={person} className="border-b border-slate-100 py-2 text-slate-800">
              {person}
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
