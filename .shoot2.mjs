import { chromium } from 'playwright';
const [,, out, lessonId, lang = 'en', w = '1280', h = '720', steps = '1'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
await page.goto('http://127.0.0.1:4218/?lang=' + lang);
await page.waitForSelector('[data-testid=app][data-ready=true]', { timeout: 30000 });
await page.evaluate(() => document.querySelector('[data-testid=view-tab-lessons]')?.click());
await page.getByTestId(`lesson-card-${lessonId}`).click();
await page.waitForSelector('[data-testid=lesson-play]:not([disabled])', { timeout: 30000 });
for (let i = 0; i < +steps; i++) await page.getByTestId('lesson-caption-next').click();
await page.waitForTimeout(1200);
await page.screenshot({ path: `${out}-top.png` });
const ex = page.getByTestId('lesson-exhibit');
if (await ex.count()) { await ex.scrollIntoViewIfNeeded(); await page.waitForTimeout(300); await page.screenshot({ path: `${out}-exhibit.png` }); }
await browser.close();
