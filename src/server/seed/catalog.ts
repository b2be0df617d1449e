/** Pure data: the demo brands, their product catalogues and the vocabulary of their market. */

export type Domain = 'skincare' | 'outdoor';

export interface CatalogProduct {
  name: string;
  category: string;
  price: number;
  description: string;
}

export interface CatalogBrand {
  name: string;
  domain: Domain;
  products: readonly CatalogProduct[];
}

export interface DomainVocabulary {
  /** Things reviewers talk about, e.g. "texture", "hip belt". */
  features: readonly string[];
  praise: readonly string[];
  complaints: readonly string[];
  scenes: readonly string[];
  topics: readonly { topic: string; subTopics: readonly string[] }[];
  creatorCategories: readonly string[];
  useTime: readonly string[];
  /** Campaign headlines and mail subjects that fit the market (eight, one per seeded campaign of a brand). */
  campaignHeadlines: readonly string[];
}

const p = (name: string, category: string, price: number, description: string): CatalogProduct => ({ name, category, price, description });

export const OWN_CATALOG: Readonly<Record<string, CatalogBrand>> = {
  'Lumina Skincare': {
    name: 'Lumina Skincare',
    domain: 'skincare',
    products: [
      p('Lumina Glow Serum', 'Serums', 38, 'Niacinamide and vitamin C brightening serum, 30 ml.'),
      p('Lumina Hydra Cream', 'Moisturisers', 32, 'Ceramide gel-cream for 72-hour hydration, 50 ml.'),
      p('Lumina Night Repair Oil', 'Face Oils', 45, 'Bakuchiol and squalane overnight oil, 20 ml.'),
      p('Lumina SPF 50 Daily Fluid', 'Sun Care', 27, 'Invisible broad-spectrum mineral sunscreen, 40 ml.'),
      p('Lumina Gentle Foam Cleanser', 'Cleansers', 19, 'Low-pH amino acid cleanser for sensitive skin, 150 ml.'),
      p('Lumina Eye Revive Balm', 'Eye Care', 29, 'Caffeine and peptide eye balm, 15 ml.'),
      p('Lumina Clay Detox Mask', 'Masks', 24, 'Kaolin and green tea weekly mask, 75 ml.'),
      p('Lumina Vitamin C Drops', 'Serums', 42, '15% ascorbic acid booster drops, 15 ml.'),
    ],
  },
  'Trailforge Outdoor': {
    name: 'Trailforge Outdoor',
    domain: 'outdoor',
    products: [
      p('Trailforge Summit 45 Backpack', 'Backpacks', 189, '45-litre trekking pack with adjustable torso and rain cover.'),
      p('Trailforge Ridge Trail Shoes', 'Footwear', 139, 'Lightweight trail runners with 5 mm lugs.'),
      p('Trailforge Storm Shell Jacket', 'Jackets', 249, '3-layer waterproof breathable shell, 20k/20k.'),
      p('Trailforge Nomad 2P Tent', 'Tents', 329, 'Freestanding two-person tent, 1.6 kg trail weight.'),
      p('Trailforge Ember Stove', 'Camping', 59, 'Compact canister stove, boils 1 litre in 3.5 minutes.'),
      p('Trailforge Aqua Filter Bottle', 'Hydration', 45, '750 ml bottle with 0.1 micron hollow-fibre filter.'),
      p('Trailforge Down Hoodie 800', 'Jackets', 219, '800-fill responsibly sourced down hoodie.'),
      p('Trailforge Carbon Trek Poles', 'Accessories', 119, 'Carbon fibre folding poles, 290 g per pair.'),
    ],
  },
};

export const COMPETITOR_CATALOG: Readonly<Record<string, readonly CatalogBrand[]>> = {
  'Lumina Skincare': [
    { name: 'Dewbloom Beauty', domain: 'skincare', products: [p('Dewbloom Rose Essence', 'Serums', 34, 'Rose water hydrating essence.'), p('Dewbloom Cloud Moisturiser', 'Moisturisers', 29, 'Whipped peptide moisturiser.'), p('Dewbloom Sun Veil SPF 40', 'Sun Care', 24, 'Tinted chemical sunscreen.'), p('Dewbloom Rice Cleanser', 'Cleansers', 17, 'Rice bran cleansing milk.'), p('Dewbloom Retinal Night Serum', 'Serums', 49, '0.1% retinal serum.'), p('Dewbloom Sheet Mask Set', 'Masks', 21, 'Ten hydrogel masks.'), p('Dewbloom Lip Sleep', 'Lip Care', 16, 'Overnight lip mask.'), p('Dewbloom Eye Cushion', 'Eye Care', 27, 'Cooling eye gel.')] },
    { name: 'Verra Labs', domain: 'skincare', products: [p('Verra Labs Peptide Complex', 'Serums', 52, 'Multi-peptide firming serum.'), p('Verra Labs Barrier Cream', 'Moisturisers', 36, 'Fragrance-free barrier cream.'), p('Verra Labs Acid Toner', 'Toners', 26, 'Glycolic and lactic acid toner.'), p('Verra Labs Mineral SPF 30', 'Sun Care', 31, 'Zinc oxide sunscreen.'), p('Verra Labs Oil Cleanser', 'Cleansers', 23, 'Cleansing oil for makeup.'), p('Verra Labs Azelaic Gel', 'Treatments', 28, '10% azelaic acid gel.'), p('Verra Labs Eye Serum', 'Eye Care', 39, 'Retinoid eye serum.'), p('Verra Labs Overnight Mask', 'Masks', 33, 'Sleeping mask with ceramides.')] },
    { name: 'Solenne Paris', domain: 'skincare', products: [p('Solenne Paris Huile Précieuse', 'Face Oils', 68, 'Camellia and rosehip oil.'), p('Solenne Paris Crème Riche', 'Moisturisers', 74, 'Rich cream for dry skin.'), p('Solenne Paris Eau Micellaire', 'Cleansers', 22, 'Micellar water.'), p('Solenne Paris Sérum Éclat', 'Serums', 81, 'Radiance serum with vitamin C.'), p('Solenne Paris Écran SPF 50', 'Sun Care', 35, 'Fluid sunscreen.'), p('Solenne Paris Masque Argile', 'Masks', 39, 'Pink clay mask.'), p('Solenne Paris Baume Yeux', 'Eye Care', 46, 'Eye balm.'), p('Solenne Paris Brume Rose', 'Toners', 29, 'Rose face mist.')] },
  ],
  'Trailforge Outdoor': [
    { name: 'Northpeak Gear', domain: 'outdoor', products: [p('Northpeak Apex 50 Pack', 'Backpacks', 209, '50-litre alpine pack.'), p('Northpeak Scree Boots', 'Footwear', 179, 'Mid-cut leather hiking boots.'), p('Northpeak Gale Jacket', 'Jackets', 229, 'Waterproof shell.'), p('Northpeak Basecamp 3P Tent', 'Tents', 389, 'Three-person tent.'), p('Northpeak Flux Stove', 'Camping', 69, 'Integrated stove system.'), p('Northpeak Flask 1L', 'Hydration', 35, 'Insulated flask.'), p('Northpeak Synth Puffer', 'Jackets', 189, 'Synthetic insulated jacket.'), p('Northpeak Trek Poles', 'Accessories', 89, 'Aluminium poles.')] },
    { name: 'Cascade & Co.', domain: 'outdoor', products: [p('Cascade Daypack 22', 'Backpacks', 99, '22-litre daypack.'), p('Cascade Riverside Sandals', 'Footwear', 79, 'Water sandals.'), p('Cascade Rain Poncho', 'Jackets', 49, 'Packable poncho.'), p('Cascade Ultralight 1P', 'Tents', 299, 'Trekking-pole tent.'), p('Cascade Titanium Pot', 'Camping', 45, '750 ml titanium pot.'), p('Cascade Squeeze Filter', 'Hydration', 39, 'Squeeze water filter.'), p('Cascade Fleece Half-Zip', 'Jackets', 89, 'Grid fleece.'), p('Cascade Headlamp 400', 'Accessories', 49, '400-lumen headlamp.')] },
    { name: 'Alpenrise', domain: 'outdoor', products: [p('Alpenrise Gipfel 40', 'Backpacks', 179, '40-litre mountaineering pack.'), p('Alpenrise Fels Approach Shoes', 'Footwear', 159, 'Approach shoes.'), p('Alpenrise Sturm Hardshell', 'Jackets', 329, 'Gore-Tex hardshell.'), p('Alpenrise Hütte 2P', 'Tents', 349, 'Four-season tent.'), p('Alpenrise Kocher Mini', 'Camping', 55, 'Mini stove.'), p('Alpenrise Trinkblase 2L', 'Hydration', 32, 'Hydration bladder.'), p('Alpenrise Daunen Weste', 'Jackets', 169, 'Down vest.'), p('Alpenrise Stöcke Pro', 'Accessories', 129, 'Carbon poles.')] },
  ],
};

export const VOCABULARY: Readonly<Record<Domain, DomainVocabulary>> = {
  skincare: {
    features: ['texture', 'scent', 'absorption', 'finish', 'packaging', 'dropper', 'ingredient list', 'consistency', 'pump', 'price per millilitre'],
    praise: ['my skin looks brighter', 'it sinks in within seconds', 'no pilling under makeup', 'my dark spots faded', 'it feels incredibly light', 'my redness calmed down'],
    complaints: ['it stung a little around my nose', 'the scent is way too strong', 'it left a white cast', 'I broke out on my chin', 'the bottle ran out too fast', 'it pilled under my foundation'],
    scenes: ['Bathroom', 'Bedroom', 'Studio', 'Vanity', 'Kitchen', 'Outdoors'],
    topics: [
      { topic: 'Ingredients', subTopics: ['Niacinamide', 'Vitamin C', 'Retinoids', 'Ceramides', 'Fragrance'] },
      { topic: 'Skin concerns', subTopics: ['Acne', 'Hyperpigmentation', 'Dryness', 'Sensitivity', 'Fine lines'] },
      { topic: 'Routine', subTopics: ['Morning routine', 'Night routine', 'Layering', 'Patch test'] },
      { topic: 'Value', subTopics: ['Price', 'Size', 'Dupes', 'Discount codes'] },
      { topic: 'Packaging', subTopics: ['Sustainability', 'Dropper', 'Travel size'] },
      { topic: 'Results', subTopics: ['Before and after', 'Long-term use', 'Texture'] },
    ],
    creatorCategories: ['Beauty', 'Skincare', 'Lifestyle', 'Wellness', 'Fashion', 'Dermatology'],
    useTime: ['every morning', 'every night', 'twice a day', 'after cleansing', 'before sunscreen'],
    campaignHeadlines: ['Show us your routine', 'Honest first impressions', '30-day glow-up', 'Unbox with us', 'Shelfie contest', 'Bare-face Friday', 'Night routine reset', 'Sensitive skin diaries'],
  },
  outdoor: {
    features: ['weight', 'waterproofing', 'hip belt', 'ventilation', 'grip', 'zippers', 'pack size', 'breathability', 'stitching', 'warranty'],
    praise: ['it stayed dry in a full day of rain', 'my shoulders felt fine after 20 kilometres', 'the grip on wet rock is excellent', 'it packs down to the size of a water bottle', 'setup took under five minutes', 'it boiled water fast even in wind'],
    complaints: ['the zipper snagged twice', 'it soaked through at the seams', 'the sizing runs small', 'it is heavier than advertised', 'the hip belt pockets are tiny', 'condensation built up overnight'],
    scenes: ['Mountain trail', 'Campsite', 'Forest', 'Studio', 'Car park', 'Lakeside'],
    topics: [
      { topic: 'Performance', subTopics: ['Waterproofing', 'Weight', 'Durability', 'Comfort'] },
      { topic: 'Trips', subTopics: ['Day hikes', 'Thru-hiking', 'Camping', 'Alpine'] },
      { topic: 'Value', subTopics: ['Price', 'Warranty', 'Alternatives'] },
      { topic: 'Sustainability', subTopics: ['Recycled materials', 'Repairability', 'PFC-free'] },
      { topic: 'Fit', subTopics: ['Sizing', 'Torso length', 'Women’s fit'] },
      { topic: 'Weather', subTopics: ['Rain', 'Wind', 'Cold', 'Heat'] },
    ],
    creatorCategories: ['Outdoors', 'Travel', 'Fitness', 'Adventure', 'Gear reviews', 'Camping'],
    useTime: ['on every hike', 'on a three-day trek', 'on weekend trips', 'in the rain', 'above the tree line'],
    campaignHeadlines: ['Summer trail challenge', 'Gear that goes the distance', 'Rainy day tested', 'Pack with me', 'First summit stories', 'Camp kitchen heroes', 'Honest trail review', 'Weekend escape'],
  },
};

export const VIDEO_CATEGORIES = ['Review', 'Unboxing', 'Tutorial', 'Comparison', 'Haul', 'Vlog', 'First impressions'] as const;
export const POVS = ['Talking head', 'First person', 'Third person', 'Over the shoulder', 'Voice-over'] as const;
export const AUDIO_LABELS = ['Speech', 'Music', 'Laughter', 'Ambient', 'Wind', 'Applause', 'Water', 'Typing'] as const;
export const AUDIO_CLASSIFICATIONS = ['Speech dominant', 'Speech with music', 'Music dominant', 'Ambient'] as const;
