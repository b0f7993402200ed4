import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { ZMenuInput } from './menu-schemas';
import { deleteMenu, listMenus, publicMenus, saveMenu } from './menus';
import { ZPageInput } from './page-schemas';
import { savePage, setPublished } from './pages';

describe.each(testBackends())('menus on %s', (backend) => {
  let database: Database;
  let a: number;
  let b: number;
  let page: number;
  let otherPage: number;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const make = (slug: string) => insertTestConference(database.db, slug);
    a = await make('ma');
    b = await make('mb');
    const content = { name: { zh: '日程', en: 'Programme' }, content: { zh: '<p>x</p>', en: '<p>x</p>' } };
    ({ id: page } = await savePage(database.db, a, ZPageInput.parse(content)));
    ({ id: otherPage } = await savePage(database.db, b, ZPageInput.parse(content)));
    await setPublished(database.db, b, otherPage, true);
  });
  afterAll(() => database?.close());

  const menu = (extra: Record<string, unknown>) => ZMenuInput.parse({ title: { zh: '关于', en: 'About' }, ...extra });

  it('links only published pages of the same conference, two levels deep', async () => {
    await expect(saveMenu(database.db, a, menu({ pageId: page }))).rejects.toMatchObject({ code: 'MENU_PAGE_INVALID' });
    await expect(saveMenu(database.db, a, menu({ pageId: otherPage }))).rejects.toMatchObject({ code: 'MENU_PAGE_INVALID' });
    await setPublished(database.db, a, page, true);
    const { id: about } = await saveMenu(database.db, a, menu({ sortOrder: 2 }));
    const { id: programme } = await saveMenu(database.db, a, menu({ title: { zh: '日程', en: 'Programme' }, pageId: page, sortOrder: 1 }));
    const { id: venue } = await saveMenu(
      database.db,
      a,
      menu({ title: { zh: '交通', en: 'Travel' }, parentId: about, href: 'https://map.example.org', newWindow: true }),
    );
    await expect(saveMenu(database.db, a, menu({ title: { zh: '三级', en: 'Third' }, parentId: venue }))).rejects.toMatchObject({
      code: 'MENU_PARENT_INVALID',
    });
    const { id: foreign } = await saveMenu(database.db, b, menu({}));
    await expect(saveMenu(database.db, a, menu({ parentId: foreign }))).rejects.toMatchObject({ code: 'MENU_PARENT_INVALID' });
    expect(ZMenuInput.safeParse({ title: { zh: '', en: 'x' } }).error?.issues[0].message).toBe('menuTitleRequired');
    expect(ZMenuInput.safeParse({ title: { zh: 'x', en: 'x' }, href: 'javascript:alert(1)' }).error?.issues[0].message).toBe('hrefInvalid');

    expect(await publicMenus(database.db, a, 'en')).toEqual([
      { id: programme, title: 'Programme', href: `/page/${page}`, newWindow: false, icon: '', children: [] },
      {
        id: about,
        title: 'About',
        href: null,
        newWindow: false,
        icon: '',
        children: [{ id: venue, title: 'Travel', href: 'https://map.example.org', newWindow: true, icon: '', children: [] }],
      },
    ]);
    // An unpublished page disappears from the menu; a parent left with nothing goes too.
    await setPublished(database.db, a, page, false);
    expect((await publicMenus(database.db, a, 'zh')).map((m) => m.title)).toEqual(['关于']);
  });

  it('a menu item with children cannot be deleted; its children can, then it can', async () => {
    const rows = await listMenus(database.db, a);
    const about = rows.find((r) => r.title.en === 'About')!;
    const travel = rows.find((r) => r.title.en === 'Travel')!;
    await expect(deleteMenu(database.db, a, about.id)).rejects.toMatchObject({ code: 'MENU_HAS_CHILDREN' });
    await expect(deleteMenu(database.db, b, travel.id)).rejects.toMatchObject({ code: 'MENU_NOT_FOUND' });
    await deleteMenu(database.db, a, travel.id);
    await deleteMenu(database.db, a, about.id);
    expect((await listMenus(database.db, a)).map((r) => r.title.en)).toEqual(['Programme']);
  });
});
