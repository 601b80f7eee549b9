import { type Insertable, type Kysely, sql } from 'kysely';
import { ADVISORY_LOCKS } from './advisory-locks';
import type { Database, ReviewsTable, SummaryItemsTable, ToolsTable } from './schema';

/** A demo part: its row, and its part type by the category's slug (migration 0021). */
type DemoTool = Omit<Insertable<ToolsTable>, 'category_id'> & { category: string };

/**
 * Demo catalogue: real laptop parts at believable prices, by invented makers. Images ship with
 * the web app.
 */
export const demoTools: DemoTool[] = [
  {
    name: 'NVMe SSD 1TB M.2',
    category: 'storage',
    brand: 'Corvex',
    condition: 'new',
    weight_grams: 8,
    img: '/images/tools/nvme-ssd.svg',
    description:
      'M.2 2280 PCIe 3.0 x4 solid-state drive, up to 3,400 MB/s read. Fits most laptops made since 2016 with an M.2 M-key slot; check your slot length before ordering.',
    min_order_quantity: 2,
    available_quantity: 140,
    price_cents: 6_499,
  },
  {
    name: 'DDR4 SO-DIMM 16GB',
    category: 'memory',
    brand: 'Memora',
    condition: 'new',
    weight_grams: 10,
    img: '/images/tools/ddr4-sodimm.svg',
    description:
      '16 GB DDR4-3200 laptop memory module, 260-pin, 1.2 V. Backwards compatible with 2666 and 2400 MHz slots; pair two for dual-channel speed.',
    min_order_quantity: 2,
    available_quantity: 220,
    price_cents: 3_899,
  },
  {
    name: '6-Cell Battery 56Wh',
    category: 'battery',
    brand: 'Voltcell',
    condition: 'compatible',
    weight_grams: 280,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Replacement 11.4 V, 56 Wh lithium-ion internal battery with overcharge and short-circuit protection. Match the part number on your old pack before ordering.',
    min_order_quantity: 1,
    available_quantity: 60,
    price_cents: 5_950,
  },
  {
    name: '65W USB-C Charger',
    category: 'charger',
    brand: 'Ampere Go',
    condition: 'compatible',
    weight_grams: 220,
    img: '/images/tools/usb-c-charger.svg',
    description:
      'USB Power Delivery adapter, 5-20 V up to 3.25 A, with a 1.8 m USB-C cable. Charges any laptop that accepts USB-C PD at 65 W or less.',
    min_order_quantity: 3,
    available_quantity: 300,
    price_cents: 2_999,
  },
  {
    name: '15.6in FHD IPS Panel',
    category: 'screen',
    brand: 'Lumina',
    condition: 'refurbished',
    weight_grams: 450,
    img: '/images/tools/fhd-ips-panel.svg',
    description:
      '1920x1080 matte IPS display, 30-pin eDP connector, slim bezel-less mounting. Replaces cracked or dim screens; not a touch panel.',
    min_order_quantity: 1,
    available_quantity: 35,
    price_cents: 8_900,
  },
  {
    name: 'CPU Cooling Fan',
    category: 'fan',
    brand: 'Breeze',
    condition: 'new',
    weight_grams: 45,
    img: '/images/tools/cooling-fan.svg',
    description:
      '5 V blower fan with 4-pin PWM connector for thin-and-light laptops. A worn fan is the usual cause of noise and thermal throttling.',
    min_order_quantity: 2,
    available_quantity: 180,
    price_cents: 1_450,
  },
  {
    name: 'Keyboard US Layout',
    category: 'keyboard',
    brand: 'Keytec',
    condition: 'used',
    weight_grams: 180,
    img: '/images/tools/keyboard-us.svg',
    description:
      'Full-size replacement keyboard, US English layout, black keys with ribbon cable. Check the ribbon position against your old keyboard before ordering.',
    min_order_quantity: 1,
    available_quantity: 90,
    price_cents: 2_450,
  },
  {
    name: 'Wi-Fi 6 M.2 Card',
    category: 'wireless',
    brand: 'Wavelink',
    condition: 'new',
    weight_grams: 5,
    img: '/images/tools/wifi6-card.svg',
    description:
      'M.2 2230 Wi-Fi 6 (802.11ax) and Bluetooth 5.2 card, up to 2.4 Gbps on 5 GHz. Uses your laptop’s existing two antenna leads.',
    min_order_quantity: 2,
    available_quantity: 150,
    price_cents: 2_199,
  },
  {
    name: 'Precision Driver Kit',
    category: 'repair-tool',
    brand: 'Fixwell',
    condition: 'new',
    weight_grams: 320,
    img: '/images/tools/screwdriver-kit.svg',
    description:
      'Aluminium precision screwdriver with 24 magnetic S2 steel bits (Phillips, Torx, pentalobe, hex) and a spudger. Everything needed to open a laptop.',
    min_order_quantity: 1,
    available_quantity: 250,
    price_cents: 1_899,
  },
  {
    name: 'Thermal Paste 4g',
    category: 'fan',
    brand: 'Arctis',
    condition: 'new',
    weight_grams: 12,
    img: '/images/tools/thermal-paste.svg',
    description:
      'Non-conductive, non-curing thermal compound, 8.5 W/mK, in a 4 g syringe with a spreader. Enough for about ten CPU and GPU repastes.',
    min_order_quantity: 5,
    available_quantity: 500,
    price_cents: 799,
  },
];

export const demoSummaryItems: Insertable<SummaryItemsTable>[] = [
  {
    number: 12_500,
    img: '/images/summary/customers.svg',
    description: 'Happy customers',
    position: 1,
  },
  {
    number: 48,
    img: '/images/summary/countries.svg',
    description: 'Countries we ship to',
    position: 2,
  },
  {
    number: 96_000,
    img: '/images/summary/parts-sold.svg',
    description: 'Parts delivered',
    position: 3,
  },
  {
    number: 3_400,
    img: '/images/summary/reviews.svg',
    description: 'Customer reviews',
    position: 4,
  },
];

export const demoReviews: Insertable<ReviewsTable>[] = [
  {
    name: 'Amelia Hart',
    location: 'Austin, USA',
    img: '/images/avatars/avatar-1.svg',
    review: 'NVMe SSD 1TB M.2',
    description:
      'My five-year-old laptop boots in seconds now. The drive came well packed and the install took ten minutes.',
  },
  {
    name: 'Rafiq Hasan',
    location: 'Dhaka, Bangladesh',
    img: '/images/avatars/avatar-2.svg',
    review: '6-Cell Battery 56Wh',
    description:
      'Exact match for my old pack and it holds a full working day again. Delivered within the week as promised.',
  },
  {
    name: 'Chloé Martin',
    location: 'Montréal, Canada',
    img: '/images/avatars/avatar-3.svg',
    review: 'Precision Driver Kit',
    description:
      'Every bit I needed to open an ultrabook, and the magnetic tips keep the tiny screws from disappearing.',
  },
  {
    name: 'Kenji Watanabe',
    location: 'Osaka, Japan',
    img: '/images/avatars/avatar-4.svg',
    review: 'CPU Cooling Fan',
    description:
      'The grinding noise is gone and temperatures dropped by fifteen degrees under load. Good value.',
  },
];

/**
 * Seeds the demo data once, on an empty database. Summary items exist only through the seed,
 * so their presence means "seeded before" even after an admin has removed every tool.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Several servers may start together on one PostgreSQL: only one seeds.
    await sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.seed})`.execute(trx);
    const existing = await trx.selectFrom('summary_items').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    // Distinct creation times keep the catalogue in the order written above.
    const secondsBefore = (index: number) => demoTools.length - index;
    await trx
      .insertInto('tools')
      .values(
        demoTools.map(({ category, ...tool }, index) => ({
          ...tool,
          category_id: sql<string>`(select id from categories where slug = ${category})`,
          created_at: sql<Date>`now() - make_interval(secs => ${secondsBefore(index)})`,
        })),
      )
      .execute();
    await trx.insertInto('summary_items').values(demoSummaryItems).execute();
    await trx.insertInto('reviews').values(demoReviews).execute();
    return true;
  });
}
