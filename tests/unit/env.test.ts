import path from 'node:path'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '#server/env.server'

describe('parseEnv', () => {
  it('fills every default of docs/decisions/019-configuration-by-environment.md from an empty environment', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.HOST).toBe('0.0.0.0')
    expect(env.dataDir).toBe(path.resolve('./data'))
    expect(env.publicUrl).toBe('http://localhost:3000')
    expect(env.SEED_DEMO).toBe(true)
    expect(env.RATE_LIMIT_SCALE).toBe(1)
    expect(env.SESSION_SECRET).toBeUndefined()
    expect(env.ADMIN_EMAIL).toBeUndefined()
  })

  it('reads given values and normalises them', () => {
    const env = parseEnv({
      PORT: '8080',
      DATA_DIR: '/srv/chapter',
      PUBLIC_URL: 'https://chapter.example.org/',
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '50',
      ADMIN_EMAIL: 'Officer@Example.org',
    })
    expect(env.PORT).toBe(8080)
    expect(env.dataDir).toBe('/srv/chapter')
    expect(env.publicUrl).toBe('https://chapter.example.org')
    expect(env.SEED_DEMO).toBe(false)
    expect(env.RATE_LIMIT_SCALE).toBe(50)
    expect(env.ADMIN_EMAIL).toBe('officer@example.org')
  })

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', SEED_DEMO: '' }).PORT).toBe(3000)
  })

  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT .*\(got "abc"\)$/],
    ['PORT', '70000', /^Invalid configuration: PORT must be between 0 and 65535/],
    ['PUBLIC_URL', 'ftp://example.org', /^Invalid configuration: PUBLIC_URL must be an http\(s\) URL/],
    ['SEED_DEMO', 'maybe', /^Invalid configuration: SEED_DEMO must be true or false/],
    ['RATE_LIMIT_SCALE', '0', /^Invalid configuration: RATE_LIMIT_SCALE must be greater than 0/],
    ['ADMIN_EMAIL', 'not-an-email', /^Invalid configuration: ADMIN_EMAIL must be an email address/],
    ['ADMIN_PASSWORD', 'short', /^Invalid configuration: ADMIN_PASSWORD must have at least 10 characters$/],
    [
      'ADMIN_PASSWORD',
      'abc'.repeat(43),
      /^Invalid configuration: ADMIN_PASSWORD must have at most 128 characters$/,
    ],
    ['SESSION_SECRET', 'too-short', /^Invalid configuration: SESSION_SECRET must be at least 32 characters/],
  ])('refuses %s=%s with one line naming the variable', (name, value, message) => {
    let thrown: unknown
    try {
      parseEnv({ [name]: value })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Error)
    const text = (thrown as Error).message
    expect(text).toMatch(message)
    expect(text).not.toContain('\n')
  })

  it('refuses a common ADMIN_PASSWORD (docs/decisions/012-passwords-and-sign-in-throttle.md) with one line that names the variable, not the value', () => {
    for (const password of ['password1234', 'Welcome2024!', 'qwertyuiop', '7890123456']) {
      expect(() => parseEnv({ ADMIN_PASSWORD: password })).toThrow(
        /^Invalid configuration: ADMIN_PASSWORD is too common: choose a longer or less predictable one$/,
      )
    }
    expect(parseEnv({ ADMIN_PASSWORD: 'violet harbour lantern' }).ADMIN_PASSWORD).toBe(
      'violet harbour lantern',
    )
  })

  it('reads TRUST_PROXY as nobody, loopback (true) or a list of proxy addresses, never "any first hop"', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual(['loopback'])
    expect(parseEnv({ TRUST_PROXY: '10.0.0.2, 10.0.0.3' }).TRUST_PROXY).toEqual(['10.0.0.2', '10.0.0.3'])
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/24,fd00::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/24',
      'fd00::1',
      'loopback',
    ])
    for (const value of ['2', 'proxy.example.org', '10.0.0.2,', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        /^Invalid configuration: TRUST_PROXY must be true, false or a comma-separated list of proxy addresses/,
      )
    }
    // What Express makes of it: `true` trusts a proxy on this machine, not whoever connects.
    const trusts = (value: string) =>
      express()
        .set('trust proxy', parseEnv({ TRUST_PROXY: value }).TRUST_PROXY)
        .get('trust proxy fn') as (address: string, hop: number) => boolean
    expect(trusts('true')('127.0.0.1', 0)).toBe(true)
    expect(trusts('true')('::1', 0)).toBe(true)
    expect(trusts('true')('203.0.113.5', 0)).toBe(false)
    expect(trusts('10.0.0.2,10.0.0.3')('10.0.0.3', 0)).toBe(true)
    expect(trusts('10.0.0.2,10.0.0.3')('10.0.0.4', 0)).toBe(false)
    expect(trusts('false')('127.0.0.1', 0)).toBe(false)
  })

  it('reads the session lifetime and idle timeout in days (30 and 7), fractions allowed', () => {
    expect(parseEnv({})).toMatchObject({ SESSION_LIFETIME_DAYS: 30, SESSION_IDLE_DAYS: 7 })
    expect(parseEnv({ SESSION_LIFETIME_DAYS: '14', SESSION_IDLE_DAYS: '0.5' })).toMatchObject({
      SESSION_LIFETIME_DAYS: 14,
      SESSION_IDLE_DAYS: 0.5,
    })
    expect(() => parseEnv({ SESSION_IDLE_DAYS: '0' })).toThrow(
      'Invalid configuration: SESSION_IDLE_DAYS must be greater than 0 (got "0")',
    )
    expect(() => parseEnv({ SESSION_LIFETIME_DAYS: 'a month' })).toThrow(
      /^Invalid configuration: SESSION_LIFETIME_DAYS must be a number of days/,
    )
  })

  it('never echoes a secret it refuses', () => {
    expect(() => parseEnv({ SESSION_SECRET: 'hunter2' })).toThrow(/^(?!.*hunter2).*$/)
    expect(() => parseEnv({ ADMIN_PASSWORD: 'hunter2' })).toThrow(/^(?!.*hunter2).*$/)
  })

  it('reads the backup, shared cache and log settings', () => {
    const defaults = parseEnv({ DATA_DIR: '/srv/chapter' })
    expect(defaults.backupDir).toBe('/srv/chapter/backups')
    expect(defaults.BACKUP_INTERVAL_HOURS).toBe(24)
    expect(defaults.BACKUP_COMMAND).toBeUndefined()
    expect(defaults.SHARED_CACHE_SECONDS).toBe(0)
    expect(parseEnv({ BACKUP_DIR: 'off' }).backupDir).toBeNull()
    expect(parseEnv({ BACKUP_DIR: '/var/backups/chapter' }).backupDir).toBe('/var/backups/chapter')
    expect(parseEnv({ BACKUP_INTERVAL_HOURS: '0.001' }).BACKUP_INTERVAL_HOURS).toBe(0.001)
    expect(parseEnv({ SHARED_CACHE_SECONDS: '60' }).SHARED_CACHE_SECONDS).toBe(60)
    expect(() => parseEnv({ BACKUP_INTERVAL_HOURS: '0' })).toThrow(
      'Invalid configuration: BACKUP_INTERVAL_HOURS must be greater than 0 (got "0")',
    )
    expect(() => parseEnv({ SHARED_CACHE_SECONDS: '-1' })).toThrow(/SHARED_CACHE_SECONDS must be 0 or more/)
  })
})
