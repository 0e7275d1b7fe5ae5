import type { Scene } from './topics';

// Campaigns: interests, advertisers, call-to-action buttons, reasons a campaign is declined.

export const INTERESTS = [
  'Travel',
  'Food & Dining',
  'Fitness',
  'Technology',
  'Gaming',
  'Music',
  'Movies',
  'Fashion',
  'Beauty',
  'Sports',
  'Outdoors',
  'Photography',
  'Pets',
  'Parenting',
  'Home & Garden',
  'Automotive',
  'Finance',
  'Real Estate',
  'Education',
  'Health & Wellness',
  'Art & Design',
  'Books',
  'Cooking',
  'Coffee',
  'Wine',
  'Hiking',
  'Camping',
  'Local Events',
  'Small Business',
  'Agriculture',
] as const;

export const ADVERTISERS: readonly { brand: string; site: string; product: string; scene: Scene }[] = [
  {
    brand: 'Sierra Outfitters',
    site: 'sierraoutfitters.example',
    product: 'Trail Gear Sale',
    scene: 'mountains',
  },
  { brand: 'Valley Fresh Market', site: 'valleyfresh.example', product: 'Weekly Produce Box', scene: 'food' },
  { brand: 'Bulldog Fitness', site: 'bulldogfit.example', product: 'First Month Free', scene: 'sports' },
  { brand: 'Pacific Coast Surf', site: 'pacificsurf.example', product: 'Summer Surf Camp', scene: 'waves' },
  { brand: 'Tower District Coffee', site: 'towercoffee.example', product: 'New Cold Brew', scene: 'food' },
  { brand: 'Central Valley Auto', site: 'cvauto.example', product: 'EV Test Drive Days', scene: 'tech' },
  {
    brand: 'Fig Garden Boutique',
    site: 'figgarden.example',
    product: 'Spring Collection',
    scene: 'shopping',
  },
  { brand: 'Sequoia Realty', site: 'sequoiarealty.example', product: 'Open House Weekend', scene: 'city' },
  { brand: 'ByteShop Electronics', site: 'byteshop.example', product: 'Laptop Trade-In', scene: 'tech' },
  { brand: 'Sunny Paws Pet Care', site: 'sunnypaws.example', product: 'Grooming Special', scene: 'news' },
  {
    brand: 'Blossom Trail Winery',
    site: 'blossomwine.example',
    product: 'Tasting Room Tours',
    scene: 'food',
  },
  {
    brand: 'Mountain High Adventures',
    site: 'mountainhigh.example',
    product: 'Rafting Trips',
    scene: 'mountains',
  },
];

export const CTA_BUTTONS: readonly { name: string; color: string; text: string }[] = [
  { name: 'Shop Now', color: '#2563eb', text: '#ffffff' },
  { name: 'Learn More', color: '#0f766e', text: '#ffffff' },
  { name: 'Sign Up', color: '#f59e0b', text: '#111827' },
  { name: 'Book Now', color: '#db2777', text: '#ffffff' },
  { name: 'Get Offer', color: '#16a34a', text: '#ffffff' },
  { name: 'Visit Site', color: '#111827', text: '#facc15' },
];

export const DECLINE_REASONS = [
  'The creative image contains too much text. Please keep text under 20% of the image.',
  'The landing page does not match the ad content.',
  'Claims in the description need a source (e.g. "best in California").',
  'The ad targets an age range below 18 for an age-restricted product.',
  'The destination URL returned an error when we checked it.',
] as const;
