import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { storageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage/storage';
import type { DB } from './client';
import { downloadMaterial, notice } from './schema';

/** The demo programme as a one-page PDF (pdfkit's own Helvetica, so no font has to be installed). */
export function renderDemoProgramme(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'SciData 2026 - Programme at a glance' } });
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text('SciData 2026 - Programme at a glance');
  doc.moveDown().font('Helvetica').fontSize(12);
  for (const line of [
    'Day 1  09:00  Opening and keynote: open data for discovery',
    'Day 1  14:00  Parallel sessions: data infrastructure, research software',
    'Day 2  09:00  Keynote: reproducible science at scale',
    'Day 2  14:00  Posters and the conference banquet',
    'Day 3  09:00  Workshops and closing',
  ]) {
    doc.text(line).moveDown(0.5);
  }
  doc.moveDown().fontSize(10).fillColor('#555').text('Times are Beijing time. The organisers may adjust the programme; check the notices.');
  doc.end();
  return bytes;
}

/**
 * The demo's notice and download material, once each (also added to a demo seeded before they
 * existed): a pinned, published welcome notice for the registrants, and the programme as a PDF
 * for the registrants, stored in the upload area like any organiser's upload.
 */
export async function seedDemoNotices(db: DB, conferenceId: number, managerId: string): Promise<void> {
  const [anyNotice] = await db.select({ id: notice.id }).from(notice).where(eq(notice.conferenceId, conferenceId)).limit(1);
  if (!anyNotice) {
    await db.insert(notice).values({
      conferenceId,
      createdBy: managerId,
      pinned: true,
      publishedAt: new Date(),
      title: { zh: '欢迎参加 2026 科学数据大会', en: 'Welcome to SciData 2026' },
      content: {
        zh: '<p>感谢您注册本次大会。会议日程已在“资料下载”中发布，请在会议开始前完成注册费缴纳和酒店预订。</p>',
        en: '<p>Thank you for registering. The programme is under “Downloads”; please pay the registration fee and book your hotel before the conference begins.</p>',
      },
    });
  }
  const [anyMaterial] = await db
    .select({ id: downloadMaterial.id })
    .from(downloadMaterial)
    .where(eq(downloadMaterial.conferenceId, conferenceId))
    .limit(1);
  if (anyMaterial) return;
  const data = new Uint8Array(await renderDemoProgramme());
  const name = `${randomBytes(16).toString('hex')}.pdf`;
  await storage().put(storageKey(conferenceId, 'files', name), data);
  await db.insert(downloadMaterial).values({
    conferenceId,
    createdBy: managerId,
    title: { zh: '会议日程', en: 'Programme at a glance' },
    description: { zh: '三天会议的主要安排（PDF）。', en: 'The three days at a glance (PDF).' },
    audience: 'registrants',
    file: { name, oriName: 'SciData-2026-programme.pdf', size: data.byteLength, mime: 'application/pdf' },
    sortOrder: 10,
  });
}
