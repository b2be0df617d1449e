/** A report document with every section kind and the scripts report PDFs must keep readable (report export tests). */
import type { ReportChart, ReportDocument, ReportTable } from '../../../src/shared/reports/reportDocument';
import { ReportDocumentSchema } from '../../../src/shared/reports/reportDocument';

const MONTHS = ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12'];

const views = MONTHS.map((_, i) => 120_000 + i * 15_500 + (i % 3) * 9_000);
const likes = MONTHS.map((_, i) => (i === 4 ? null : 3_400 + i * 410));

function time(id: string, title: string, graph: 'line' | 'bar' | 'area'): ReportChart {
  return {
    kind: 'chart', id, title, chart: 'time', graph, categories: MONTHS, format: 'count',
    series: [{ name: 'Views', values: views }, { name: 'Likes', values: likes, secondary: true }],
    description: `${title} per month`,
  };
}

const TITLES = [
  'مراجعة سيروم الترطيب الجديد',
  '新しい美容液のレビュー',
  'नए सीरम की समीक्षा',
  'Обзор нового сыворотки для кожи',
  'Honest review: the Hydra Serum after thirty days of daily use on dry, sensitive skin in winter',
  '=HYPERLINK("http://evil.example") "quoted", with comma',
  'Two\nlines',
  'Plain title',
];

/** 200 rows: titles in Arabic, Japanese, Hindi, Cyrillic and Latin, every third row without a link. */
function videosTable(): ReportTable {
  const rows = Array.from({ length: 200 }, (_, i) => [
    i === 0 ? 'First row video' : i === 199 ? 'Last row video' : `${TITLES[i % TITLES.length]} #${i}`,
    i % 2 ? 'Ана Петрова' : 'Maya Lee',
    1_000_000 - i * 4_321,
    0.0123 + i / 10_000,
    `2024-${String((i % 12) + 1).padStart(2, '0')}-15`,
  ]);
  return {
    kind: 'table', id: 'videos', title: 'Top videos',
    columns: [{ label: 'Title', format: 'text' }, { label: 'Creator', format: 'text' }, { label: 'Views', format: 'count' }, { label: 'Engagement', format: 'rate' }, { label: 'Published', format: 'date' }],
    rows,
    links: rows.map((_, i) => (i % 3 === 2 ? null : `reelscope://videos/v${i}?t=${i * 7}`)),
  };
}

export const REPORT: ReportDocument = ReportDocumentSchema.parse({
  title: 'Glow Labs monthly report',
  lines: ['Brand: Glow Labs', 'Window: 2024-01-01 – 2024-12-31', 'Compared with: 2023-01-01 – 2023-12-31', 'Filters: platform TikTok, language any'],
  generated_at: '2025-01-02T09:30:00Z',
  kpis: [
    { label: 'Total views', current: 12_345, previous: 10_990, format: 'count' },
    { label: 'Engagement rate', current: 0.0425, previous: 0.05, format: 'rate' },
    { label: 'Positive share', current: 0.425, previous: null, format: 'percent' },
    { label: 'New creators', current: 37, previous: 0, format: 'count' },
  ],
  sections: [
    time('views-line', 'Engagement over time', 'line'),
    time('views-bar', 'Engagement per month (bars)', 'bar'),
    time('views-area', 'Engagement trend (area)', 'area'),
    {
      kind: 'chart', id: 'products', title: 'Top products', chart: 'bars', format: 'count',
      categories: ['Hydra Serum', 'Glow Cream', 'Night Mask', '美容液', 'سيروم الورد', 'Sun Fluid SPF 50'],
      series: [{ name: 'Mentions', values: [420, 310, 150, 95, 72, 60] }],
      description: 'Mentions per product',
    },
    {
      kind: 'chart', id: 'brands', title: 'Competitor benchmark', chart: 'bars', format: 'count',
      categories: ['Glow Labs', 'Dermaclear', 'SkinFirst'],
      series: [{ name: 'Videos', values: [120, 98, 64] }, { name: 'Creators', values: [40, 51, null] }],
      description: 'Videos and creators per brand',
    },
    {
      kind: 'chart', id: 'sentiment', title: 'Sentiment split', chart: 'donut', format: 'percent',
      categories: ['Positive', 'Neutral', 'Negative'],
      series: [{ name: 'Share', values: [0.62, 0.28, 0.1] }],
      description: 'Share of videos per sentiment',
    },
    videosTable(),
  ],
});
