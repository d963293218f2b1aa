/** The theme setting calls: reading a saved setting, and saving it against the running reference server. */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { loginAs, rejection } from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import { getThemeSetting, parseThemeSetting, saveThemeSetting } from './api.ts';

describe('theme setting', () => {
  it('reads the theme setting as a string, an object or JSON text', () => {
    const none = { theme: null, lang: null, layout: null };
    expect(parseThemeSetting('ink')).to.deep.equal({ ...none, theme: 'ink' });
    expect(parseThemeSetting('#e31d1a')).to.deep.equal({ ...none, theme: '#e31d1a' });
    expect(parseThemeSetting('{"theme":"lotus","lang":"en","layout":"left"}')).to.deep.equal({
      theme: 'lotus',
      lang: 'en',
      layout: 'left',
    });
    expect(parseThemeSetting({ theme: '#49C1D9', lang: 'zh-HK' })).to.deep.equal({
      ...none,
      theme: '#49C1D9',
      lang: 'zh-HK',
    });
    expect(parseThemeSetting({ theme: 'purple', lang: 'fr', layout: 'diagonal' })).to.deep.equal(none);
    expect(parseThemeSetting('{broken')).to.deep.equal(none);
    expect(parseThemeSetting('')).to.deep.equal(none);
    expect(parseThemeSetting(null)).to.deep.equal(none);
  });
});

describe('theme setting calls (reference server)', () => {
  let client: Client;
  useReferenceServer((parts) => (client = parts.client));

  it('saves and reads the own theme setting {theme, lang, layout}', async () => {
    await loginAs('staff4');
    expect(await saveThemeSetting({ theme: '#4DB021', lang: 'en', layout: 'left' }, 'color', client)).to.equal(true);
    expect(await getThemeSetting(client)).to.deep.equal({ theme: '#4DB021', lang: 'en', layout: 'left' });
    expect(await saveThemeSetting({ theme: 'ink', lang: 'zh-HK' }, 'color', client)).to.equal(true);
    const setting = await getThemeSetting(client);
    expect(setting.theme).to.equal('ink');
    expect(setting.lang).to.equal('zh-HK');
    // Back to what the unit's defaults give, for later tests of this run.
    await saveThemeSetting({ theme: '#457CD6', lang: 'zh-CN', layout: 'top' }, 'color', client);
  });

  it('only an admin may sync the theme for the unit: others get 403', async () => {
    await loginAs('staff4');
    const error = await rejection(saveThemeSetting({ theme: 'lotus', lang: 'en' }, 'default_color', client));
    expect(error.status).to.equal(403);
  });
});
