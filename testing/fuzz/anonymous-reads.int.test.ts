/**
 * Anonymous reads by address: every GET handler under app/api that anyone may call and that takes an id, a name, a
 * code or a token in its path (found by a glob, as the fuzz walk finds handlers, so a new one joins by itself and
 * fails here until its private data is planted below). Private data is planted beside public data — a template no
 * look uses, an inactive look's template, another conference's rows, an unpublished conference's rows, a file in the
 * private area, a replaced feed address, a used invitation, a contribution not in the published programme — and an
 * anonymous caller asking for a private one by its id must get exactly what a never-existing id gets, while the
 * public one (the control, so a refusal is not a broken probe) is served.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { appearance, cmsPage, conferenceRegistration, pageTemplate, programmeConfig, reviewer, uploadedFile } from '@/db/schema';
import { CONFERENCE_STATUS } from '@/lib/conferences/status';
import type { RouteHandler } from '@/lib/http/route';
import { renewAgendaFeed } from '@/lib/programme/agenda-feed';
import { newInvitationKey } from '@/lib/reviewers/keys';
import { storageKey, type StorageArea } from '@/lib/storage/keys';
import { storage } from '@/lib/storage/storage';
import { plantProgrammeVersion, sampleProgrammeSnapshot } from '@/testing/fixtures/programme';
import { plantContribution } from '@/testing/fixtures/programme-draft';
import { callHandler, plantAccount, plantPublishedConference } from '@/testing/harness/conference';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';

type Module = Record<string, unknown>;
const modules = import.meta.glob<Module>('/app/api/**/route.ts');

/** A GET anyone may call: route({}) or route({ auth: 'none' }), or a plain function (the catch-all). */
function anonymousGet(mod: Module): RouteHandler | null {
  const get = mod.GET as (RouteHandler & { allow?: unknown }) | undefined;
  if (typeof get !== 'function' || 'allow' in get) return null;
  const auth = get.options?.auth;
  return auth === undefined || auth === 'none' ? get : null;
}

type Site = { host: string; id: number };
/** One address of a handler: its path parameters on a host. */
type Ask = { site: Site; params: Record<string, string> };
/** What a handler is asked: the public control, the private ones, and a never-existing one on each host. */
type Probe = { public: Ask & { contains: string }; private: (Ask & { what: string })[]; missing: Record<string, string> };

const A_CSS = '/* the look visitors see */ body { color: navy }';

describe.each(testBackends())('anonymous reads by address on %s', (backend) => {
  let database: Database;
  let root: string;
  let probes: Record<string, Probe>;
  let managerToken: string;
  let unusedTemplate: number;
  let drawnTemplate: number;
  let site: Record<'a' | 'b' | 'draft', Site>;

  const plantSite = async (slug: string, status?: string): Promise<Site> => {
    const { id } = await plantPublishedConference(database.db, `${slug}${backend}`, status ? { status } : {});
    return { host: `${slug}${backend}.localhost`, id };
  };
  const template = async (conferenceId: number, css: string) =>
    (
      await database.db
        .insert(pageTemplate)
        .values({ conferenceId, name: { zh: '模板', en: 'Template' }, type: 'home', css })
        .returning({ id: pageTemplate.id })
    )[0].id;
  /** A look of the conference drawing `templateId` on its home page. */
  const look = (conferenceId: number, templateId: number, active: boolean) =>
    database.db.insert(appearance).values({ conferenceId, name: { zh: '外观', en: 'Look' }, homeTemplateId: templateId, active });
  let n = 0;
  /** A stored file of the conference in `area`, its bytes the text given; returns its stored name. */
  const stored = async (conferenceId: number, area: StorageArea, text: string) => {
    const name = `${(++n).toString(16).padStart(32, 'c')}.png`;
    await storage().put(storageKey(conferenceId, area, name), new TextEncoder().encode(text));
    return name;
  };
  /** A file attached to a draft contribution of `code`; the published version of `snapshotSite` names `contributionId`. */
  const slides = async (conferenceId: number, code: string, text: string) => {
    const owner = await plantAccount(database, conferenceId);
    const name = await stored(conferenceId, 'files', text);
    const [file] = await database.db
      .insert(uploadedFile)
      .values({
        conferenceId,
        userId: owner.userId,
        name,
        originalName: 'slides.pdf',
        field: 'slides',
        mime: 'application/pdf',
        size: 4,
        status: 'attached',
      })
      .returning({ id: uploadedFile.id });
    return plantContribution(database, conferenceId, { code, title: { zh: '报告', en: 'Talk' }, slidesFileId: file.id });
  };
  /** A published programme naming `contributionId` as A-01, with slides shown. */
  const publishProgramme = async (conferenceId: number, contributionId: number) => {
    const snapshot = sampleProgrammeSnapshot();
    for (const s of snapshot.sessions) for (const c of s.contributions) if (c.code === 'A-01') c.id = contributionId;
    await plantProgrammeVersion(database, conferenceId, snapshot);
    await database.db.insert(programmeConfig).values({ conferenceId, showSlides: true });
  };
  const invitation = async (conferenceId: number, email: string, used = false) => {
    const { key, keyHash } = newInvitationKey();
    await database.db.insert(reviewer).values({ conferenceId, email, fullName: 'Invited Reviewer', keyHash: used ? null : keyHash });
    return key;
  };

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'anon-reads-'));
    process.env.UPLOAD_DIR = root;
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    site = { a: await plantSite('anona'), b: await plantSite('anonb'), draft: await plantSite('anondraft', CONFERENCE_STATUS.draft) };
    const { a, b, draft } = site;
    managerToken = (await plantAccount(database, a.id, 'manager')).token;

    // Templates: A's look, a template of A no look uses, one of an inactive look, B's look, the draft's look.
    const drawn = await template(a.id, A_CSS);
    drawnTemplate = drawn;
    await look(a.id, drawn, true);
    unusedTemplate = await template(a.id, '/* SECRET unused template */');
    const inactive = await template(a.id, '/* SECRET inactive look */');
    await look(a.id, inactive, false);
    const drawnB = await template(b.id, '/* SECRET other conference */');
    await look(b.id, drawnB, true);
    const drawnDraft = await template(draft.id, '/* SECRET unpublished conference */');
    await look(draft.id, drawnDraft, true);

    // Files: A's public banner; A's private upload and temporary file; B's and the draft's public files.
    const banner = await stored(a.id, 'public', 'PUBLIC banner');
    const privateFile = await stored(a.id, 'files', 'SECRET private upload');
    const tempFile = await stored(a.id, 'temp', 'SECRET temporary upload');
    const bBanner = await stored(b.id, 'public', 'SECRET other conference banner');
    const draftBanner = await stored(draft.id, 'public', 'SECRET unpublished banner');

    // Programmes: A's published contribution with slides, one only in A's draft, B's programme naming A's contribution.
    const published = await slides(a.id, 'A-01', '%PDF PUBLIC');
    await publishProgramme(a.id, published);
    await slides(a.id, 'Z-09', '%PDF SECRET draft only');
    await publishProgramme(b.id, published);
    await publishProgramme(draft.id, await slides(draft.id, 'A-01', '%PDF SECRET unpublished'));

    // Calendar addresses: A's participant (and the address they replaced), and the draft's participant.
    const participant = await plantAccount(database, a.id);
    const replaced = await renewAgendaFeed(database.db, { conferenceId: a.id, userId: participant.userId });
    const feed = await renewAgendaFeed(database.db, { conferenceId: a.id, userId: participant.userId });
    const draftParticipant = await plantAccount(database, draft.id);
    const draftFeed = await renewAgendaFeed(database.db, { conferenceId: draft.id, userId: draftParticipant.userId });

    // Reviewer invitations: A's pending one, A's used one, B's pending one.
    const key = await invitation(a.id, 'invited@example.org');
    const usedKey = await invitation(a.id, 'used@example.org', true);
    const bKey = await invitation(b.id, 'secret-b@example.org');

    // A draft content page, asked for under /api where no handler serves pages.
    const [draftPage] = await database.db
      .insert(cmsPage)
      .values({ conferenceId: a.id, name: { zh: '草稿', en: 'Draft' }, content: { zh: 'SECRET', en: 'SECRET' } })
      .returning({ id: cmsPage.id });
    await database.db.insert(conferenceRegistration).values({ conferenceId: a.id, userId: participant.userId, code: 'SECRET-REG' });

    probes = {
      '/app/api/conference/template/[id]/css/route.ts': {
        public: { site: a, params: { id: String(drawn) }, contains: A_CSS },
        private: [
          { what: 'a template no look uses', site: a, params: { id: String(unusedTemplate) } },
          { what: 'an inactive look’s template', site: a, params: { id: String(inactive) } },
          { what: 'another conference’s template', site: a, params: { id: String(drawnB) } },
          { what: 'an unpublished conference’s template', site: draft, params: { id: String(drawnDraft) } },
        ],
        missing: { id: '999999' },
      },
      '/app/api/conference/asset/[name]/route.ts': {
        public: { site: a, params: { name: banner }, contains: 'PUBLIC banner' },
        private: [
          { what: 'a file of the private area', site: a, params: { name: privateFile } },
          { what: 'a temporary upload', site: a, params: { name: tempFile } },
          { what: 'another conference’s file', site: a, params: { name: bBanner } },
          { what: 'an unpublished conference’s file', site: draft, params: { name: draftBanner } },
        ],
        missing: { name: `${'f'.repeat(32)}.png` },
      },
      '/app/api/conference/programme/slides/[code]/route.ts': {
        public: { site: a, params: { code: 'A-01' }, contains: '%PDF PUBLIC' },
        private: [
          { what: 'a contribution not in the published programme', site: a, params: { code: 'Z-09' } },
          { what: 'another conference’s contribution named by this one’s programme', site: b, params: { code: 'A-01' } },
          { what: 'an unpublished conference’s slides', site: draft, params: { code: 'A-01' } },
        ],
        missing: { code: 'NONE-1' },
      },
      '/app/api/conference/programme/feed/[token]/route.ts': {
        public: { site: a, params: { token: `${feed}.ics` }, contains: 'BEGIN:VCALENDAR' },
        private: [
          { what: 'a replaced address', site: a, params: { token: `${replaced}.ics` } },
          { what: 'another conference’s address', site: b, params: { token: `${feed}.ics` } },
          { what: 'an unpublished conference’s address', site: draft, params: { token: `${draftFeed}.ics` } },
        ],
        missing: { token: `${'x'.repeat(43)}.ics` },
      },
      '/app/api/conference/platform/manage/review/key/[key]/route.ts': {
        public: { site: a, params: { key }, contains: 'invited@example.org' },
        private: [
          { what: 'a used invitation', site: a, params: { key: usedKey } },
          { what: 'another conference’s invitation', site: a, params: { key: bKey } },
        ],
        missing: { key: newInvitationKey().key },
      },
      '/app/api/[...rest]/route.ts': {
        public: { site: a, params: { rest: 'nothing/here' }, contains: 'NOT_FOUND' },
        private: [
          { what: 'a draft page by its id', site: a, params: { rest: `conference/page/${draftPage.id}` } },
          { what: 'a registration by its code', site: a, params: { rest: 'conference/registration/SECRET-REG' } },
        ],
        missing: { rest: 'conference/page/999999' },
      },
    };
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const call = (handler: RouteHandler, ask: Ask) => callHandler(handler, ask.site, { method: 'GET', params: ask.params });

  it('knows every anonymous GET handler that takes an id in its address', async () => {
    const found: string[] = [];
    for (const [file, load] of Object.entries(modules)) if (file.includes('[') && anonymousGet(await load())) found.push(file);
    // A new one fails here until its private data is planted above.
    expect(found.sort()).toEqual(Object.keys(probes).sort());
  });

  it('answers an anonymous caller a private id exactly as an id that never existed, and serves the public one', async () => {
    const findings: string[] = [];
    for (const [file, probe] of Object.entries(probes)) {
      const handler = anonymousGet(await modules[file]())!;
      const open = await call(handler, probe.public);
      if (!open.text.includes(probe.public.contains)) findings.push(`${file}: the public control answered ${open.status}`);
      for (const ask of probe.private) {
        const [secret, missing] = [await call(handler, ask), await call(handler, { site: ask.site, params: probe.missing })];
        if (secret.status !== missing.status || secret.text !== missing.text || /SECRET/.test(secret.text))
          findings.push(`${file}: ${ask.what} answered ${secret.status} ${secret.text.slice(0, 80)}`);
      }
    }
    expect(findings).toEqual([]);
  });

  it('gives the conference’s manager its unused template’s stylesheet, never cached; no other manager', async () => {
    const handler = anonymousGet(await modules['/app/api/conference/template/[id]/css/route.ts']())!;
    const ask = (id: number, token?: string) =>
      handler(apiRequest(`/api/conference/template/${id}/css`, { host: site.a.host, token }), {
        params: Promise.resolve({ id: String(id) }),
      });
    const preview = await ask(unusedTemplate, managerToken);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(await preview.text()).toBe('/* SECRET unused template */');
    // The look visitors see is anyone's, and may be kept for good.
    const drawn = await ask(drawnTemplate);
    expect(drawn.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const otherManager = await plantAccount(database, site.b.id, 'manager');
    expect((await ask(unusedTemplate, otherManager.token)).status).toBe(404);
  });
});
