// No database: sponsorship disclosure read from timed on-screen lines, in many languages, and the words that are not one.
import { describe, expect, it } from 'vitest';
import { findSponsorDisclosure, isDisclosure } from '../../../../../src/server/analysis/screen/sponsorDisclosure';

const brands = [
  { id: 'b-lumina', name: 'Lumina' },
  { id: 'b-north', name: 'Northwind Coffee' },
  { id: 'b-dew', name: 'Dewbloom' },
];
const at = (start: number, text: string, end = start + 2) => ({ start, end, text });

describe('sponsorship disclosure on screen', () => {
  it.each([
    '#ad', '#AD', 'Glow Serum 20% OFF #ad', '#sponsored', '#Advertisement', '#PaidPartnership', 'Paid partnership with Lumina',
    'Sponsored by Lumina', 'In partnership with Lumina', 'Werbung', 'Anzeige', '#werbung', 'Unbezahlte Werbung', 'publicidad',
    'Contenido patrocinado', 'Partenariat rémunéré avec Lumina', 'Vidéo sponsorisée', 'publicité', 'reklama', 'Współpraca reklamowa',
    'pubblicità', 'Video sponsorizzato da Lumina', 'ADV', 'AD', '広告', 'PR', '【PR】新商品', '商品广告', '유료 광고 포함', 'Parceria paga com Lumina',
    'Includes paid promotion', '＃ａｄ',
  ])('finds "%s"', (text) => {
    expect(isDisclosure(text)).toBe(true);
    expect(findSponsorDisclosure([at(3, text)], brands)).toMatchObject({ second: 3, phrase: text });
  });

  it.each([
    'Adventure awaits', 'ADVANCED repair formula', 'shadow palette', 'Bad hair day', 'Download the app', '#adidas', '#adventure',
    'PRICE DROP', 'PRO tips', 'Our new product', 'advice from a dermatologist', 'Add to cart', 'Loaded with vitamin C', 'spray',
    'Sponsorship opportunities', 'Werbungskosten', 'readvertise', 'the ad-free plan', 'Hydra Cream only $24.99', '提供免费送货',
  ])('does not take "%s" for a disclosure', (text) => {
    expect(isDisclosure(text)).toBe(false);
    expect(findSponsorDisclosure([at(1, text)], brands)).toBeNull();
  });

  it('names the brand of the "with X" / "by X" part, on the line, or on screen at the same time', () => {
    expect(findSponsorDisclosure([at(2, 'Paid partnership with Lumina')], brands)?.sponsoredBy).toBe('Lumina');
    expect(findSponsorDisclosure([at(2, 'Sponsored by NORTHWIND COFFEE')], brands)?.sponsoredBy).toBe('Northwind Coffee');
    expect(findSponsorDisclosure([at(2, 'Dewbloom Rose Essence #ad')], brands)?.sponsoredBy).toBe('Dewbloom');
    expect(findSponsorDisclosure([at(2, 'Partenariat rémunéré avec lumina')], brands)?.sponsoredBy).toBe('Lumina');
    // "#ad" in a corner while the product's name is across the middle.
    expect(findSponsorDisclosure([at(1, 'Lumina Glow Serum', 5), at(2, '#ad', 4)], brands)).toEqual({ sponsoredBy: 'Lumina', second: 2, phrase: '#ad' });
  });

  it('answers null for the sponsor when no workspace brand is named, and the first disclosure second', () => {
    expect(findSponsorDisclosure([at(9, 'Sponsored by Acme'), at(4, '#ad')], brands)).toEqual({ sponsoredBy: null, second: 4, phrase: '#ad' });
    // A brand that is only part of a longer word is not named.
    expect(findSponsorDisclosure([at(1, '#ad Luminaria lamps')], brands)?.sponsoredBy).toBeNull();
  });

  it('takes the brand from a later disclosure when the first names none', () => {
    expect(findSponsorDisclosure([at(1, '#ad'), at(20, 'Paid partnership with Dewbloom')], brands)).toEqual({ sponsoredBy: 'Dewbloom', second: 1, phrase: '#ad' });
  });

  it('answers null for no lines and for lines without a disclosure', () => {
    expect(findSponsorDisclosure([], brands)).toBeNull();
    expect(findSponsorDisclosure([at(1, 'Glow Serum'), at(3, 'Link in bio')], brands)).toBeNull();
  });
});
