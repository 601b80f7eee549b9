import type { PartNumberKind } from '@shop/shared';
import type { Insertable } from 'kysely';
import type { ToolsTable } from './schema';

/** A laptop model: its marketed name without the brand, and what else buyers type for it. */
export interface DemoModel {
  name: string;
  /** Short names ("T480") and the codes on the label underneath (machine types, product numbers). */
  aliases: string[];
}

/** A product line of a brand ("ThinkPad T-series"): how the laptop pickers group the models. */
export interface DemoSeries {
  name: string;
  slug: string;
  models: DemoModel[];
}

/** A laptop brand, the top of the brand -> series -> model tree buyers pick their laptop from. */
export interface DemoBrand {
  name: string;
  slug: string;
  series: DemoSeries[];
}

/** A number printed on a part or listed by its maker (the kinds: `PART_NUMBER_KINDS`). */
export interface DemoPartNumber {
  kind: PartNumberKind;
  maker: string;
  number: string;
}

/**
 * A demo part: its row, its part type by the category's slug, its numbers and what it fits. Its
 * full title is required here, although a shop's own parts may go without one, so that the demo
 * shows every place a title appears.
 */
export type DemoPart = Omit<Insertable<ToolsTable>, 'category_id' | 'title'> & {
  title: string;
  category: string;
  partNumbers: DemoPartNumber[];
  /** Model slugs (`modelSlug`), 1 to 12 of them. */
  fits: string[];
};

/** A model's slug: unique across brands, and readable in a link ("lenovo-thinkpad-t480"). */
export const modelSlug = (brand: Pick<DemoBrand, 'slug'>, model: Pick<DemoModel, 'name'>) =>
  `${brand.slug}-${model.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/**
 * The laptops the demo parts fit: four brands, real model names and machine-type codes, so the
 * "does it fit my laptop?" search has something true-looking to find.
 */
export const demoLaptops: DemoBrand[] = [
  {
    name: 'Lenovo',
    slug: 'lenovo',
    series: [
      {
        name: 'ThinkPad T-series',
        slug: 'thinkpad-t-series',
        models: [
          { name: 'ThinkPad T480', aliases: ['T480', '20L5', '20L6'] },
          { name: 'ThinkPad T490', aliases: ['T490', '20N2', '20N3'] },
          { name: 'ThinkPad T14 Gen 1', aliases: ['T14 Gen 1', 'T14 G1', '20S0', '20S1'] },
          { name: 'ThinkPad T14 Gen 2', aliases: ['T14 Gen 2', 'T14 G2', '20W0', '20W1'] },
        ],
      },
      {
        name: 'ThinkPad X-series',
        slug: 'thinkpad-x-series',
        models: [
          { name: 'ThinkPad X280', aliases: ['X280', '20KE', '20KF'] },
          { name: 'ThinkPad X390', aliases: ['X390', '20Q0', '20Q1'] },
          {
            name: 'ThinkPad X1 Carbon Gen 6',
            aliases: ['X1 Carbon 6th Gen', 'X1C6', '20KG', '20KH'],
          },
          {
            name: 'ThinkPad X1 Carbon Gen 9',
            aliases: ['X1 Carbon 9th Gen', 'X1C9', '20XW', '20XX'],
          },
        ],
      },
      {
        name: 'IdeaPad',
        slug: 'ideapad',
        models: [
          { name: 'IdeaPad 5 14ALC05', aliases: ['IdeaPad 5 14', '14ALC05', '82LM'] },
          { name: 'IdeaPad 3 15IIL05', aliases: ['IdeaPad 3 15', '15IIL05', '81WE'] },
        ],
      },
    ],
  },
  {
    name: 'Dell',
    slug: 'dell',
    series: [
      {
        name: 'Latitude',
        slug: 'latitude',
        models: [
          { name: 'Latitude 5490', aliases: ['E5490', 'P72G', 'P72G002'] },
          { name: 'Latitude 5590', aliases: ['E5590', 'P60F', 'P60F001'] },
          { name: 'Latitude 7490', aliases: ['E7490', 'P73G', 'P73G002'] },
          { name: 'Latitude 5420', aliases: ['E5420', 'P137G', 'P137G001'] },
        ],
      },
      {
        name: 'XPS',
        slug: 'xps',
        models: [
          { name: 'XPS 13 9360', aliases: ['9360', 'P54G', 'P54G002'] },
          { name: 'XPS 13 9370', aliases: ['9370', 'P82G', 'P82G001'] },
          { name: 'XPS 15 9570', aliases: ['9570', 'P56F', 'P56F002'] },
        ],
      },
      {
        name: 'Inspiron',
        slug: 'inspiron',
        models: [
          { name: 'Inspiron 15 3583', aliases: ['3583', 'P75F', 'P75F106'] },
          { name: 'Inspiron 14 5406 2-in-1', aliases: ['5406', 'P126G', 'P126G001'] },
        ],
      },
    ],
  },
  {
    name: 'HP',
    slug: 'hp',
    series: [
      {
        name: 'EliteBook',
        slug: 'elitebook',
        models: [
          { name: 'EliteBook 840 G5', aliases: ['840 G5', '3JX66EA', '3JX12UT'] },
          { name: 'EliteBook 840 G6', aliases: ['840 G6', '6XD45EA', '7KN31UT'] },
          { name: 'EliteBook 850 G5', aliases: ['850 G5', '3JX58EA'] },
          { name: 'EliteBook 830 G7', aliases: ['830 G7', '1J6A4EA'] },
        ],
      },
      {
        name: 'ProBook',
        slug: 'probook',
        models: [
          { name: 'ProBook 450 G7', aliases: ['450 G7', '8VU83EA', '9HP70UT'] },
          { name: 'ProBook 440 G8', aliases: ['440 G8', '2X7F6EA'] },
          { name: 'ProBook 450 G8', aliases: ['450 G8', '2X7X3EA'] },
        ],
      },
      {
        name: 'Pavilion',
        slug: 'pavilion',
        models: [
          { name: 'Pavilion 15-eg0000', aliases: ['Pavilion 15-eg', '15-eg0008na', '2N2L4EA'] },
          { name: 'Pavilion 14-dv0000', aliases: ['Pavilion 14-dv', '14-dv0013na', '2R3F6EA'] },
        ],
      },
    ],
  },
  {
    name: 'ASUS',
    slug: 'asus',
    series: [
      {
        name: 'ZenBook',
        slug: 'zenbook',
        models: [
          { name: 'ZenBook 14 UX425EA', aliases: ['UX425EA', 'UX425E', 'UX425EA-KI358T'] },
          { name: 'ZenBook 13 UX325EA', aliases: ['UX325EA', 'UX325EA-EG109T'] },
          { name: 'ZenBook 14 UX433FN', aliases: ['UX433FN', 'UX433FN-A5021T'] },
        ],
      },
      {
        name: 'VivoBook',
        slug: 'vivobook',
        models: [
          { name: 'VivoBook 15 X512DA', aliases: ['X512DA', 'F512DA', 'X512DA-EJ119T'] },
          { name: 'VivoBook 15 X515EA', aliases: ['X515EA', 'F515EA', 'X515EA-BQ311T'] },
          { name: 'VivoBook S14 S433FA', aliases: ['S433FA', 'S433FA-EB054T'] },
        ],
      },
    ],
  },
];

/**
 * Demo catalogue: real laptop parts at believable prices, by invented makers and under invented
 * part numbers; an original part's brand is the laptop's, and a compatible part lists the
 * number of the original it replaces (`oem`). Images ship with the web app. The first ten are
 * the shop's first catalogue, which the browser tests know by name, price and stock: new parts
 * go after them.
 *
 * What a buyer reads must be true of the part (issue 49): a picture that several parts share
 * states no figure that differs between them, a title states nothing the name, description,
 * part numbers and laptops do not, and a description points only at parts the shop carries.
 * `demo-catalogue.test.ts` checks all three.
 */
export const demoTools: DemoPart[] = [
  {
    name: 'NVMe SSD 1TB M.2',
    title: 'Corvex 1TB NVMe SSD, M.2 2280 PCIe 3.0 x4, up to 3,400 MB/s Read',
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
    partNumbers: [
      { kind: 'mpn', maker: 'Corvex', number: 'CVX-P34-1T0M' },
      { kind: 'cross-reference', maker: 'Corvex', number: 'P34M2-1024' },
    ],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-t490',
      'lenovo-thinkpad-t14-gen-1',
      'lenovo-thinkpad-x280',
      'lenovo-thinkpad-x1-carbon-gen-6',
      'dell-latitude-5490',
      'dell-latitude-7490',
      'dell-xps-13-9370',
      'dell-xps-15-9570',
      'hp-elitebook-840-g5',
      'hp-probook-450-g7',
      'asus-zenbook-14-ux425ea',
    ],
  },
  {
    name: 'DDR4 SO-DIMM 16GB',
    title: 'Memora 16GB DDR4-3200 SO-DIMM Laptop Memory, 260-pin 1.2V',
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
    partNumbers: [
      { kind: 'mpn', maker: 'Memora', number: 'MR-D4S16G-32A' },
      { kind: 'cross-reference', maker: 'Memora', number: 'M4S3200-16G' },
      { kind: 'oem', maker: 'HP', number: 'L46599-0A2' },
    ],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-t490',
      'lenovo-thinkpad-t14-gen-1',
      'dell-latitude-5490',
      'dell-latitude-5590',
      'dell-latitude-7490',
      'dell-xps-15-9570',
      'dell-inspiron-15-3583',
      'hp-elitebook-840-g5',
      'hp-elitebook-850-g5',
      'hp-probook-450-g7',
      'hp-probook-450-g8',
    ],
  },
  {
    name: '6-Cell Battery 56Wh',
    title:
      'Voltcell Battery for Dell Latitude 5490 and 5590, 56Wh 11.4V 6-cell, replaces Dell K9H3W',
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
    partNumbers: [
      { kind: 'mpn', maker: 'Voltcell', number: 'VC-DL5490-56' },
      { kind: 'oem', maker: 'Dell', number: 'K9H3W' },
      { kind: 'cross-reference', maker: 'Voltcell', number: 'VC-56-5X90' },
    ],
    fits: ['dell-latitude-5490', 'dell-latitude-5590'],
  },
  {
    name: '65W USB-C Charger',
    title: 'Ampere Go 65W USB-C PD Laptop Charger, 5-20V up to 3.25A, 1.8m Cable',
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
    partNumbers: [
      { kind: 'mpn', maker: 'Ampere Go', number: 'AG-C65PD-18' },
      { kind: 'oem', maker: 'Lenovo', number: '02DL136' },
      { kind: 'oem', maker: 'Dell', number: '0M2NTK' },
      { kind: 'cross-reference', maker: 'Ampere Go', number: 'AG65C-BLK' },
    ],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-t490',
      'lenovo-thinkpad-t14-gen-1',
      'lenovo-thinkpad-t14-gen-2',
      'lenovo-thinkpad-x280',
      'lenovo-thinkpad-x390',
      'lenovo-thinkpad-x1-carbon-gen-6',
      'lenovo-thinkpad-x1-carbon-gen-9',
      'dell-latitude-7490',
      'dell-xps-13-9370',
      'hp-elitebook-840-g6',
      'asus-zenbook-14-ux425ea',
    ],
  },
  {
    name: '15.6in FHD IPS Panel',
    title: 'Lumina 15.6 inch FHD IPS Laptop Screen, 1920x1080 Matte, 30-pin eDP, Non-Touch',
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
    partNumbers: [
      { kind: 'mpn', maker: 'Lumina', number: 'LM156F30-IPS' },
      { kind: 'oem', maker: 'Dell', number: '0GF2T7' },
      { kind: 'cross-reference', maker: 'Lumina', number: 'LUM-156-FHD-30' },
    ],
    fits: [
      'lenovo-ideapad-3-15iil05',
      'dell-latitude-5590',
      'dell-inspiron-15-3583',
      'hp-elitebook-850-g5',
      'hp-probook-450-g7',
      'hp-probook-450-g8',
      'hp-pavilion-15-eg0000',
      'asus-vivobook-15-x512da',
      'asus-vivobook-15-x515ea',
    ],
  },
  {
    name: 'CPU Cooling Fan',
    title: 'Breeze CPU Cooling Fan for Dell Latitude 5490, 5590 and Inspiron 15 3583, 5V 4-pin PWM',
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
    partNumbers: [
      { kind: 'mpn', maker: 'Breeze', number: 'BZ-BF5P-55' },
      { kind: 'oem', maker: 'Dell', number: '0RVW8M' },
    ],
    fits: ['dell-latitude-5490', 'dell-latitude-5590', 'dell-inspiron-15-3583'],
  },
  {
    name: 'Keyboard US Layout',
    title: 'Keytec Full-Size US Keyboard for HP ProBook 450 G7 and G8',
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
    partNumbers: [
      { kind: 'mpn', maker: 'Keytec', number: 'KT-HP450-US' },
      { kind: 'oem', maker: 'HP', number: 'L78108-001' },
    ],
    fits: ['hp-probook-450-g7', 'hp-probook-450-g8'],
  },
  {
    name: 'Wi-Fi 6 M.2 Card',
    title: 'Wavelink Wi-Fi 6 and Bluetooth 5.2 M.2 2230 Card, 802.11ax up to 2.4 Gbps',
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
    partNumbers: [
      { kind: 'mpn', maker: 'Wavelink', number: 'WL-AX2230-BT52' },
      { kind: 'cross-reference', maker: 'Wavelink', number: 'WL6-M2-2230' },
    ],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-ideapad-5-14alc05',
      'dell-latitude-5490',
      'dell-latitude-5590',
      'dell-latitude-7490',
      'dell-xps-15-9570',
      'dell-inspiron-15-3583',
      'hp-elitebook-840-g5',
      'hp-probook-450-g7',
      'asus-vivobook-15-x512da',
    ],
  },
  {
    name: 'Precision Driver Kit',
    title:
      'Fixwell Precision Screwdriver Kit, 24 Magnetic S2 Steel Bits and a Spudger, Aluminium Handle',
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
    partNumbers: [{ kind: 'mpn', maker: 'Fixwell', number: 'FW-PDK-24S' }],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-x1-carbon-gen-9',
      'lenovo-ideapad-5-14alc05',
      'dell-latitude-5420',
      'dell-xps-13-9360',
      'dell-xps-13-9370',
      'hp-elitebook-830-g7',
      'hp-probook-440-g8',
      'hp-pavilion-14-dv0000',
      'asus-zenbook-13-ux325ea',
      'asus-zenbook-14-ux433fn',
      'asus-vivobook-s14-s433fa',
    ],
  },
  {
    name: 'Thermal Paste 4g',
    title: 'Arctis Thermal Paste 4g, 8.5 W/mK, Non-Conductive, with Spreader',
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
    partNumbers: [{ kind: 'mpn', maker: 'Arctis', number: 'AR-TP85-4G' }],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-t490',
      'lenovo-thinkpad-x390',
      'lenovo-ideapad-3-15iil05',
      'dell-latitude-5590',
      'dell-xps-13-9360',
      'dell-xps-15-9570',
      'dell-inspiron-14-5406-2-in-1',
      'hp-elitebook-850-g5',
      'hp-pavilion-15-eg0000',
      'asus-zenbook-14-ux433fn',
      'asus-vivobook-s14-s433fa',
    ],
  },

  // Batteries
  {
    name: 'T480 Battery 24Wh',
    title: 'Lenovo ThinkPad T480 Internal Battery 24Wh 3-cell 11.4V, FRU 01AV489',
    category: 'battery',
    brand: 'Lenovo',
    condition: 'new',
    weight_grams: 165,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Genuine Lenovo internal 3-cell battery, 11.4 V 24 Wh, the pack that sits inside the base of the T480. It works alongside the rear swappable pack, a separate battery that is not included.',
    min_order_quantity: 1,
    available_quantity: 24,
    price_cents: 6_900,
    partNumbers: [
      { kind: 'fru', maker: 'Lenovo', number: '01AV489' },
      { kind: 'mpn', maker: 'Lenovo', number: 'L17M3P54' },
      { kind: 'cross-reference', maker: 'Lenovo', number: '01AV488' },
    ],
    fits: ['lenovo-thinkpad-t480'],
  },
  {
    name: 'T490 Battery 50Wh',
    title:
      'Lenovo ThinkPad T490, T14 Gen 1 and T14 Gen 2 Internal Battery 50Wh 3-cell 11.52V, FRU 02DL028',
    category: 'battery',
    brand: 'Lenovo',
    condition: 'new',
    weight_grams: 245,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Genuine Lenovo 3-cell internal battery, 11.52 V 50 Wh. One pack serves the T490 and both T14 generations, so check the FRU on your old battery rather than the model year.',
    min_order_quantity: 1,
    available_quantity: 18,
    price_cents: 8_900,
    partNumbers: [
      { kind: 'fru', maker: 'Lenovo', number: '02DL028' },
      { kind: 'mpn', maker: 'Lenovo', number: 'L18M3P74' },
      { kind: 'cross-reference', maker: 'Lenovo', number: '02DL029' },
    ],
    fits: ['lenovo-thinkpad-t490', 'lenovo-thinkpad-t14-gen-1', 'lenovo-thinkpad-t14-gen-2'],
  },
  {
    name: 'T14 Battery 51Wh',
    title:
      'Voltcell Battery for Lenovo ThinkPad T14 Gen 1, T14 Gen 2 and T490, 51Wh 11.55V, replaces FRU 02DL028',
    category: 'battery',
    brand: 'Voltcell',
    condition: 'compatible',
    weight_grams: 250,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Compatible 11.55 V 51 Wh replacement for Lenovo FRU 02DL028, with grade-A cells and a 12-month warranty. The laptop reports it as a third-party battery, which does not limit charging.',
    min_order_quantity: 1,
    available_quantity: 64,
    price_cents: 5_400,
    partNumbers: [
      { kind: 'mpn', maker: 'Voltcell', number: 'VC-L18T14-51' },
      { kind: 'oem', maker: 'Lenovo', number: '02DL028' },
      { kind: 'oem', maker: 'Lenovo', number: 'L18M3P74' },
      { kind: 'cross-reference', maker: 'Voltcell', number: 'VC-T490-51' },
    ],
    fits: ['lenovo-thinkpad-t490', 'lenovo-thinkpad-t14-gen-1', 'lenovo-thinkpad-t14-gen-2'],
  },
  {
    name: 'Latitude Batt 68Wh',
    title: 'Dell Latitude 5490 and 5590 Battery 68Wh 4-cell 7.6V, Dell GJKNX',
    category: 'battery',
    brand: 'Dell',
    condition: 'new',
    weight_grams: 300,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Genuine Dell 4-cell 7.6 V 68 Wh battery for the Latitude 5490 and 5590. The larger pack needs the 2.5-inch drive bay left empty.',
    min_order_quantity: 1,
    available_quantity: 30,
    price_cents: 9_900,
    partNumbers: [
      { kind: 'mpn', maker: 'Dell', number: 'GJKNX' },
      { kind: 'cross-reference', maker: 'Dell', number: '0GJKNX' },
    ],
    fits: ['dell-latitude-5490', 'dell-latitude-5590'],
  },
  {
    name: 'XPS 13 Battery 52Wh',
    title: 'Dell XPS 13 9370 Battery 52Wh 4-cell 7.6V, Dell DX7NP',
    category: 'battery',
    brand: 'Dell',
    condition: 'new',
    weight_grams: 230,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Genuine Dell 4-cell 7.6 V 52 Wh battery for the XPS 13 9370. Comes with the eight Torx T5 screws that hold it to the palm rest.',
    min_order_quantity: 1,
    available_quantity: 15,
    price_cents: 10_900,
    partNumbers: [
      { kind: 'mpn', maker: 'Dell', number: 'DX7NP' },
      { kind: 'cross-reference', maker: 'Dell', number: '0DX7NP' },
    ],
    fits: ['dell-xps-13-9370'],
  },
  {
    name: 'XPS 15 Battery 97Wh',
    title: 'Voltcell Battery for Dell XPS 15 9570, 97Wh 6-cell 11.4V, replaces Dell 6GTP5',
    category: 'battery',
    brand: 'Voltcell',
    condition: 'compatible',
    weight_grams: 450,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Compatible 6-cell 11.4 V 97 Wh battery for the XPS 15 9570. Models shipped with the 56 Wh pack and a 2.5-inch drive need the drive removed to fit it.',
    min_order_quantity: 1,
    available_quantity: 22,
    price_cents: 7_900,
    partNumbers: [
      { kind: 'mpn', maker: 'Voltcell', number: 'VC-DX15-97' },
      { kind: 'oem', maker: 'Dell', number: '6GTP5' },
    ],
    fits: ['dell-xps-15-9570'],
  },
  {
    name: '840 G5 Battery 50Wh',
    title: 'HP EliteBook 840 G5, 840 G6 and 850 G5 Long-Life Battery 50Wh 3-cell 11.55V, HP KT03XL',
    category: 'battery',
    brand: 'HP',
    condition: 'new',
    weight_grams: 240,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Genuine HP 3-cell 11.55 V 50 Wh long-life battery. Shared by the EliteBook 840 G5, 840 G6 and 850 G5.',
    min_order_quantity: 1,
    available_quantity: 40,
    price_cents: 9_500,
    partNumbers: [
      { kind: 'fru', maker: 'HP', number: 'L12717-855' },
      { kind: 'mpn', maker: 'HP', number: 'KT03XL' },
    ],
    fits: ['hp-elitebook-840-g5', 'hp-elitebook-840-g6', 'hp-elitebook-850-g5'],
  },
  {
    name: 'EliteBook Batt 53Wh',
    title:
      'Voltcell Battery for HP EliteBook 840 G5, 840 G6 and 850 G5, 53Wh 11.55V, replaces HP KT03XL',
    category: 'battery',
    brand: 'Voltcell',
    condition: 'compatible',
    weight_grams: 245,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Compatible 11.55 V 53 Wh replacement for HP KT03XL packs, with a matching connector and mounting tabs. A BIOS update from HP may be needed before the laptop charges it beyond 80%.',
    min_order_quantity: 1,
    available_quantity: 55,
    price_cents: 4_900,
    partNumbers: [
      { kind: 'mpn', maker: 'Voltcell', number: 'VC-HP840-53' },
      { kind: 'oem', maker: 'HP', number: 'L12717-855' },
      { kind: 'oem', maker: 'HP', number: 'KT03XL' },
    ],
    fits: ['hp-elitebook-840-g5', 'hp-elitebook-840-g6', 'hp-elitebook-850-g5'],
  },
  {
    name: 'ZenBook 14 Batt 67Wh',
    title: 'ASUS ZenBook 14 UX425 and ZenBook 13 UX325 Battery 67Wh 4-cell 15.48V, ASUS C41N1926',
    category: 'battery',
    brand: 'ASUS',
    condition: 'new',
    weight_grams: 270,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Genuine ASUS 4-cell 15.48 V 67 Wh battery for the ZenBook 14 UX425 and ZenBook 13 UX325. Glued-in packs come away cleanly with a little isopropyl alcohol.',
    min_order_quantity: 1,
    available_quantity: 12,
    price_cents: 11_500,
    partNumbers: [
      { kind: 'mpn', maker: 'ASUS', number: 'C41N1926' },
      { kind: 'fru', maker: 'ASUS', number: '0B200-03650000' },
    ],
    fits: ['asus-zenbook-14-ux425ea', 'asus-zenbook-13-ux325ea'],
  },
  {
    name: 'VivoBook Batt 37Wh',
    title:
      'Voltcell Battery for ASUS VivoBook 15 X512 and X515, 37Wh 2-cell 7.7V, replaces ASUS B21N1832',
    category: 'battery',
    brand: 'Voltcell',
    condition: 'compatible',
    weight_grams: 180,
    img: '/images/tools/laptop-battery.svg',
    description:
      'Compatible 2-cell 7.7 V 37 Wh battery for the VivoBook 15 X512 and X515. Two screws and one connector: a ten-minute swap.',
    min_order_quantity: 1,
    available_quantity: 48,
    price_cents: 3_900,
    partNumbers: [
      { kind: 'mpn', maker: 'Voltcell', number: 'VC-AS512-37' },
      { kind: 'oem', maker: 'ASUS', number: 'B21N1832' },
    ],
    fits: ['asus-vivobook-15-x512da', 'asus-vivobook-15-x515ea'],
  },

  // Screens
  {
    name: '14in FHD IPS Panel',
    title: 'Lumina 14 inch FHD IPS Laptop Screen, 1920x1080 Anti-Glare, 250 Nits, 30-pin eDP',
    category: 'screen',
    brand: 'Lumina',
    condition: 'compatible',
    weight_grams: 340,
    img: '/images/tools/laptop-panel.svg',
    description:
      '14-inch 1920x1080 anti-glare IPS panel, 250 nits, 30-pin eDP on the lower right. Fits the slim-bezel 14-inch laptops below with screw tabs or adhesive strips, both included.',
    min_order_quantity: 1,
    available_quantity: 42,
    price_cents: 7_900,
    partNumbers: [
      { kind: 'mpn', maker: 'Lumina', number: 'LM140F30-IPS' },
      { kind: 'oem', maker: 'Lenovo', number: '00NY447' },
      { kind: 'oem', maker: 'HP', number: 'L14390-001' },
    ],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-t490',
      'lenovo-thinkpad-t14-gen-1',
      'lenovo-ideapad-5-14alc05',
      'dell-latitude-5490',
      'dell-latitude-7490',
      'hp-elitebook-840-g5',
      'hp-elitebook-840-g6',
      'hp-probook-440-g8',
      'hp-pavilion-14-dv0000',
      'asus-zenbook-14-ux433fn',
      'asus-vivobook-s14-s433fa',
    ],
  },
  {
    name: '13.3in FHD Panel',
    title: 'Lumina 13.3 inch FHD IPS Laptop Screen, 1920x1080 Matte, 30-pin eDP, Grade A',
    category: 'screen',
    brand: 'Lumina',
    condition: 'refurbished',
    weight_grams: 280,
    img: '/images/tools/laptop-panel.svg',
    description:
      '13.3-inch 1920x1080 IPS panel, matte, 30-pin eDP, graded A after refurbishment: no dead pixels, no pressure marks.',
    min_order_quantity: 1,
    available_quantity: 20,
    price_cents: 7_200,
    partNumbers: [{ kind: 'mpn', maker: 'Lumina', number: 'LM133F30-IPS' }],
    fits: ['lenovo-thinkpad-x390', 'hp-elitebook-830-g7', 'asus-zenbook-13-ux325ea'],
  },
  {
    name: 'XPS 13 FHD Panel',
    title: 'Dell XPS 13 9370 13.3 inch FHD Non-Touch Display Panel, Dell 0XJ4M1',
    category: 'screen',
    brand: 'Dell',
    condition: 'refurbished',
    weight_grams: 260,
    img: '/images/tools/laptop-panel.svg',
    description:
      'Genuine Dell 13.3-inch FHD non-touch panel from the XPS 13 9370, refurbished and tested. The panel only: the lid and hinges stay from your laptop.',
    min_order_quantity: 1,
    available_quantity: 8,
    price_cents: 18_900,
    partNumbers: [{ kind: 'mpn', maker: 'Dell', number: '0XJ4M1' }],
    fits: ['dell-xps-13-9370'],
  },
  {
    name: 'XPS 13 Screen 13.3in',
    title: 'Lumina 13.3 inch FHD IPS Screen for Dell XPS 13 9370, replaces Dell 0XJ4M1',
    category: 'screen',
    brand: 'Lumina',
    condition: 'compatible',
    weight_grams: 250,
    img: '/images/tools/laptop-panel.svg',
    description:
      'Compatible 13.3-inch FHD IPS panel for the XPS 13 9370, a direct replacement for Dell part 0XJ4M1. Slightly cooler white point than the original.',
    min_order_quantity: 1,
    available_quantity: 26,
    price_cents: 11_900,
    partNumbers: [
      { kind: 'mpn', maker: 'Lumina', number: 'LM133XPS-9370' },
      { kind: 'oem', maker: 'Dell', number: '0XJ4M1' },
      { kind: 'cross-reference', maker: 'Lumina', number: 'LM-XPS13-FHD' },
    ],
    fits: ['dell-xps-13-9370'],
  },
  {
    name: 'X1C6 WQHD Panel',
    title:
      'Lenovo ThinkPad X1 Carbon Gen 6 WQHD IPS Panel, 14 inch 2560x1440, 300 Nits, FRU 01YN110',
    category: 'screen',
    brand: 'Lenovo',
    condition: 'refurbished',
    weight_grams: 230,
    img: '/images/tools/laptop-panel.svg',
    description:
      'Genuine Lenovo 14-inch 2560x1440 IPS panel for the X1 Carbon 6th generation, 300 nits, refurbished. Also replaces the FHD panel once the laptop has the WQHD display cable, which is not included.',
    min_order_quantity: 1,
    available_quantity: 0,
    price_cents: 15_900,
    partNumbers: [
      { kind: 'fru', maker: 'Lenovo', number: '01YN110' },
      { kind: 'cross-reference', maker: 'Lenovo', number: '01YN111' },
    ],
    fits: ['lenovo-thinkpad-x1-carbon-gen-6'],
  },
  {
    name: 'T14 FHD Touch Panel',
    title: 'Lenovo ThinkPad T14 Gen 1 and Gen 2 14 inch FHD In-Cell Touch Panel, FRU 5D10W73201',
    category: 'screen',
    brand: 'Lenovo',
    condition: 'new',
    weight_grams: 390,
    img: '/images/tools/laptop-panel.svg',
    description:
      'Genuine Lenovo 14-inch FHD in-cell touch panel for the T14 Gen 1 and Gen 2. Touch works only on units ordered with the touch display cable.',
    min_order_quantity: 1,
    available_quantity: 14,
    price_cents: 13_900,
    partNumbers: [{ kind: 'fru', maker: 'Lenovo', number: '5D10W73201' }],
    fits: ['lenovo-thinkpad-t14-gen-1', 'lenovo-thinkpad-t14-gen-2'],
  },

  // Keyboards
  {
    name: 'T480 Keyboard US',
    title: 'Lenovo ThinkPad T480 US English Keyboard with TrackPoint, Not Backlit, FRU 01HX459',
    category: 'keyboard',
    brand: 'Lenovo',
    condition: 'new',
    weight_grams: 150,
    img: '/images/tools/keyboard-us.svg',
    description:
      'Genuine Lenovo US English keyboard with TrackPoint cap, not backlit. Swapped from the top after removing two screws under the base.',
    min_order_quantity: 1,
    available_quantity: 36,
    price_cents: 4_900,
    partNumbers: [
      { kind: 'fru', maker: 'Lenovo', number: '01HX459' },
      { kind: 'cross-reference', maker: 'Lenovo', number: '01HX419' },
    ],
    fits: ['lenovo-thinkpad-t480'],
  },
  {
    name: 'T480 Backlit KB US',
    title: 'Keytec Backlit US Keyboard for Lenovo ThinkPad T480, replaces FRU 01HX459',
    category: 'keyboard',
    brand: 'Keytec',
    condition: 'compatible',
    weight_grams: 155,
    img: '/images/tools/keyboard-us.svg',
    description:
      'Compatible backlit US keyboard for the T480, replacing Lenovo FRU 01HX459. Backlight needs the two-level Fn+Space control of a backlit-ready system board.',
    min_order_quantity: 1,
    available_quantity: 50,
    price_cents: 3_200,
    partNumbers: [
      { kind: 'mpn', maker: 'Keytec', number: 'KT-T480-BL-US' },
      { kind: 'oem', maker: 'Lenovo', number: '01HX459' },
    ],
    fits: ['lenovo-thinkpad-t480'],
  },
  {
    name: 'XPS 13 Keyboard US',
    title: 'Keytec Backlit US Keyboard for Dell XPS 13 9360 and 9370',
    category: 'keyboard',
    brand: 'Keytec',
    condition: 'compatible',
    weight_grams: 95,
    img: '/images/tools/keyboard-us.svg',
    description:
      'Compatible backlit US keyboard for the XPS 13 9360 and 9370. It is riveted to the palm rest on the originals, so expect an hour with the screws supplied.',
    min_order_quantity: 1,
    available_quantity: 28,
    price_cents: 3_900,
    partNumbers: [
      { kind: 'mpn', maker: 'Keytec', number: 'KT-XPS13-US' },
      { kind: 'oem', maker: 'Dell', number: '0CN5YT' },
    ],
    fits: ['dell-xps-13-9360', 'dell-xps-13-9370'],
  },
  {
    name: 'Latitude 5490 KB US',
    title: 'Dell Latitude 5490 US Keyboard with Pointing Stick, Dell 0PWF8F',
    category: 'keyboard',
    brand: 'Dell',
    condition: 'used',
    weight_grams: 160,
    img: '/images/tools/keyboard-us.svg',
    description:
      'Genuine Dell US keyboard with pointing stick, taken from a working Latitude 5490. Every key tested; light shine on the space bar.',
    min_order_quantity: 1,
    available_quantity: 11,
    price_cents: 2_900,
    partNumbers: [{ kind: 'mpn', maker: 'Dell', number: '0PWF8F' }],
    fits: ['dell-latitude-5490'],
  },
  {
    name: 'EliteBook 840 KB US',
    title: 'HP EliteBook 840 G5 and G6 Backlit US Keyboard with Pointing Stick, FRU L11307-001',
    category: 'keyboard',
    brand: 'HP',
    condition: 'refurbished',
    weight_grams: 150,
    img: '/images/tools/keyboard-us.svg',
    description:
      'Genuine HP backlit US keyboard with pointing stick for the EliteBook 840 G5 and G6, refurbished with new key caps.',
    min_order_quantity: 1,
    available_quantity: 19,
    price_cents: 4_500,
    partNumbers: [{ kind: 'fru', maker: 'HP', number: 'L11307-001' }],
    fits: ['hp-elitebook-840-g5', 'hp-elitebook-840-g6'],
  },
  {
    name: 'ProBook 450 KB US',
    title:
      'HP ProBook 450 G7 and G8 Full-Size US Keyboard with Numeric Keypad, Not Backlit, FRU L78108-001',
    category: 'keyboard',
    brand: 'HP',
    condition: 'new',
    weight_grams: 190,
    img: '/images/tools/keyboard-us.svg',
    description:
      'Genuine HP full-size US keyboard with numeric keypad for the ProBook 450 G7 and G8. Not backlit.',
    min_order_quantity: 1,
    available_quantity: 33,
    price_cents: 4_200,
    partNumbers: [{ kind: 'fru', maker: 'HP', number: 'L78108-001' }],
    fits: ['hp-probook-450-g7', 'hp-probook-450-g8'],
  },
  {
    name: 'ZenBook 14 KB US',
    title: 'Keytec Backlit US Keyboard for ASUS ZenBook 14 UX425',
    category: 'keyboard',
    brand: 'Keytec',
    condition: 'compatible',
    weight_grams: 110,
    img: '/images/tools/keyboard-us.svg',
    description:
      'Compatible backlit US keyboard for the ZenBook 14 UX425. Keys and backlight only: the top case stays from your laptop.',
    min_order_quantity: 1,
    available_quantity: 21,
    price_cents: 3_600,
    partNumbers: [
      { kind: 'mpn', maker: 'Keytec', number: 'KT-UX425-US' },
      { kind: 'oem', maker: 'ASUS', number: '0KNB0-2630US00' },
    ],
    fits: ['asus-zenbook-14-ux425ea'],
  },
  {
    name: 'VivoBook 15 KB US',
    title: 'Keytec US Keyboard with Numeric Keypad for ASUS VivoBook 15 X512 and X515, Not Backlit',
    category: 'keyboard',
    brand: 'Keytec',
    condition: 'compatible',
    weight_grams: 170,
    img: '/images/tools/keyboard-us.svg',
    description:
      'Compatible US keyboard with numeric keypad for the VivoBook 15 X512 and X515, not backlit. Fits the original palm rest clips.',
    min_order_quantity: 1,
    available_quantity: 44,
    price_cents: 2_700,
    partNumbers: [
      { kind: 'mpn', maker: 'Keytec', number: 'KT-X512-US' },
      { kind: 'oem', maker: 'ASUS', number: '0KNB0-5110US00' },
    ],
    fits: ['asus-vivobook-15-x512da', 'asus-vivobook-15-x515ea'],
  },
  {
    name: 'Pavilion 15 KB UK',
    title: 'HP Pavilion 15-eg Backlit UK Keyboard on a Natural Silver Top Cover, FRU M08902-031',
    category: 'keyboard',
    brand: 'HP',
    condition: 'new',
    weight_grams: 185,
    img: '/images/tools/keyboard-uk.svg',
    description:
      'Genuine HP UK English keyboard (ISO Enter, £ on 3) for the Pavilion 15-eg series, backlit. Comes fitted to a new top cover in natural silver.',
    min_order_quantity: 1,
    available_quantity: 9,
    price_cents: 6_400,
    partNumbers: [{ kind: 'fru', maker: 'HP', number: 'M08902-031' }],
    fits: ['hp-pavilion-15-eg0000'],
  },

  // Storage
  {
    name: 'NVMe SSD 512GB Gen4',
    title: 'Corvex 512GB NVMe SSD, M.2 2280 PCIe 4.0 x4, up to 6,600 MB/s Read, Single-Sided',
    category: 'storage',
    brand: 'Corvex',
    condition: 'new',
    weight_grams: 7,
    img: '/images/tools/nvme-ssd.svg',
    description:
      'M.2 2280 PCIe 4.0 x4 solid-state drive, up to 6,600 MB/s read, single-sided for thin laptops. Runs at PCIe 3.0 speed in older slots.',
    min_order_quantity: 1,
    available_quantity: 120,
    price_cents: 5_499,
    partNumbers: [
      { kind: 'mpn', maker: 'Corvex', number: 'CVX-P44-512G' },
      { kind: 'cross-reference', maker: 'Corvex', number: 'P44M2-0512' },
    ],
    fits: [
      'lenovo-thinkpad-t14-gen-2',
      'lenovo-thinkpad-x1-carbon-gen-9',
      'lenovo-ideapad-5-14alc05',
      'dell-latitude-5420',
      'dell-inspiron-14-5406-2-in-1',
      'hp-elitebook-830-g7',
      'hp-probook-440-g8',
      'hp-probook-450-g8',
      'hp-pavilion-14-dv0000',
      'asus-zenbook-13-ux325ea',
      'asus-vivobook-15-x515ea',
    ],
  },
  {
    name: 'SATA SSD 1TB 2.5in',
    title: 'Corvex 1TB 2.5 inch SATA III SSD, 7mm, up to 560 MB/s',
    category: 'storage',
    brand: 'Corvex',
    condition: 'new',
    weight_grams: 45,
    img: '/images/tools/sata-ssd.svg',
    description:
      '2.5-inch 7 mm SATA III (6 Gb/s) solid-state drive, up to 560 MB/s. The quickest upgrade for a laptop that still has a spinning hard drive.',
    min_order_quantity: 1,
    available_quantity: 85,
    price_cents: 6_999,
    partNumbers: [{ kind: 'mpn', maker: 'Corvex', number: 'CVX-S25-1T0' }],
    fits: [
      'lenovo-ideapad-3-15iil05',
      'dell-latitude-5590',
      'dell-inspiron-15-3583',
      'hp-probook-450-g7',
      'asus-vivobook-15-x512da',
    ],
  },
  {
    name: 'NVMe SSD 2TB M.2',
    title: 'Corvex 2TB NVMe SSD, M.2 2280 PCIe 3.0 x4, up to 3,500 MB/s Read, Double-Sided',
    category: 'storage',
    brand: 'Corvex',
    condition: 'new',
    weight_grams: 9,
    img: '/images/tools/nvme-ssd.svg',
    description:
      'M.2 2280 PCIe 3.0 x4 solid-state drive, 2 TB, up to 3,500 MB/s read, with a graphene heat-spreader label. Double-sided: check the clearance under your slot.',
    min_order_quantity: 1,
    available_quantity: 0,
    price_cents: 11_900,
    partNumbers: [{ kind: 'mpn', maker: 'Corvex', number: 'CVX-P34-2T0M' }],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-t490',
      'lenovo-thinkpad-t14-gen-1',
      'lenovo-thinkpad-t14-gen-2',
      'dell-latitude-5420',
      'dell-xps-15-9570',
      'hp-elitebook-830-g7',
      'hp-probook-440-g8',
    ],
  },

  // Memory
  {
    name: 'DDR4 SO-DIMM 8GB',
    title: 'Memora 8GB DDR4-3200 SO-DIMM Laptop Memory, 260-pin 1.2V, Single Rank',
    category: 'memory',
    brand: 'Memora',
    condition: 'new',
    weight_grams: 9,
    img: '/images/tools/ddr4-sodimm.svg',
    description:
      '8 GB DDR4-3200 laptop memory module, 260-pin, 1.2 V, single rank. Runs at the slot’s own speed in 2400 and 2666 MHz laptops.',
    min_order_quantity: 2,
    available_quantity: 260,
    price_cents: 1_999,
    partNumbers: [{ kind: 'mpn', maker: 'Memora', number: 'MR-D4S08G-32A' }],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-t490',
      'lenovo-thinkpad-t14-gen-1',
      'lenovo-ideapad-3-15iil05',
      'lenovo-ideapad-5-14alc05',
      'dell-latitude-5490',
      'dell-latitude-5590',
      'dell-inspiron-15-3583',
      'hp-probook-450-g7',
      'asus-vivobook-15-x512da',
      'asus-vivobook-15-x515ea',
    ],
  },
  {
    name: 'DDR4 SO-DIMM 32GB',
    title: 'Memora 32GB DDR4-3200 SO-DIMM Laptop Memory, 260-pin 1.2V, Dual Rank',
    category: 'memory',
    brand: 'Memora',
    condition: 'new',
    weight_grams: 11,
    img: '/images/tools/ddr4-sodimm.svg',
    description:
      '32 GB DDR4-3200 laptop memory module, 260-pin, 1.2 V, dual rank. Needs a laptop whose processor supports 32 GB per slot: 8th-generation Intel or newer.',
    min_order_quantity: 1,
    available_quantity: 75,
    price_cents: 7_499,
    partNumbers: [{ kind: 'mpn', maker: 'Memora', number: 'MR-D4S32G-32A' }],
    fits: [
      'lenovo-thinkpad-t14-gen-1',
      'dell-latitude-5420',
      'dell-xps-15-9570',
      'hp-elitebook-830-g7',
      'hp-elitebook-840-g6',
      'hp-probook-440-g8',
      'hp-probook-450-g8',
      'hp-pavilion-15-eg0000',
    ],
  },
  {
    name: 'HP 16GB DDR4-3200',
    title: 'HP 16GB DDR4-3200 SO-DIMM Laptop Memory, FRU L46599-0A2',
    category: 'memory',
    brand: 'HP',
    condition: 'refurbished',
    weight_grams: 10,
    img: '/images/tools/ddr4-sodimm.svg',
    description:
      'Genuine HP 16 GB DDR4-3200 SO-DIMM, 260-pin, 1.2 V, pulled from new business laptops and tested for 24 hours. Keeps the BIOS memory check quiet on HP machines.',
    min_order_quantity: 2,
    available_quantity: 46,
    price_cents: 4_400,
    partNumbers: [
      { kind: 'fru', maker: 'HP', number: 'L46599-0A2' },
      { kind: 'cross-reference', maker: 'HP', number: '13L78AA' },
    ],
    fits: ['hp-elitebook-830-g7', 'hp-probook-440-g8', 'hp-probook-450-g8'],
  },

  // Chargers
  {
    name: 'ThinkPad 65W USB-C',
    title: 'Lenovo ThinkPad 65W USB-C Power Adapter, 1.8m Cable, FRU 02DL136',
    category: 'charger',
    brand: 'Lenovo',
    condition: 'new',
    weight_grams: 290,
    img: '/images/tools/usb-c-charger.svg',
    description:
      'Genuine Lenovo 65 W USB-C power adapter with a 1.8 m cable and a detachable mains lead. Fast-charges ThinkPads to 80% in an hour.',
    min_order_quantity: 1,
    available_quantity: 110,
    price_cents: 4_900,
    partNumbers: [
      { kind: 'fru', maker: 'Lenovo', number: '02DL136' },
      { kind: 'mpn', maker: 'Lenovo', number: 'ADLX65YDC7A' },
      { kind: 'cross-reference', maker: 'Lenovo', number: '4X20Q88521' },
    ],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-t490',
      'lenovo-thinkpad-t14-gen-1',
      'lenovo-thinkpad-t14-gen-2',
      'lenovo-thinkpad-x280',
      'lenovo-thinkpad-x390',
      'lenovo-thinkpad-x1-carbon-gen-6',
      'lenovo-thinkpad-x1-carbon-gen-9',
    ],
  },
  {
    name: 'Dell 90W 7.4mm Plug',
    title: 'Dell 90W Laptop Charger with 7.4mm Barrel Plug for Latitude 5490, 5590 and 7490',
    category: 'charger',
    brand: 'Dell',
    condition: 'refurbished',
    weight_grams: 380,
    img: '/images/tools/barrel-charger.svg',
    description:
      'Genuine Dell 90 W adapter with the 7.4 mm barrel plug, refurbished with a new mains lead. More than the 65 W unit shipped with most Latitudes, so it charges while under load.',
    min_order_quantity: 1,
    available_quantity: 38,
    price_cents: 3_500,
    partNumbers: [
      { kind: 'mpn', maker: 'Dell', number: '0K3V2G' },
      { kind: 'cross-reference', maker: 'Dell', number: 'LA90PM150' },
    ],
    fits: ['dell-latitude-5490', 'dell-latitude-5590', 'dell-latitude-7490'],
  },
  {
    name: 'HP 45W 4.5mm Charger',
    title:
      'Ampere Go 45W Charger for HP Laptops, 19.5V 2.31A, 4.5mm Blue-Tip Plug, replaces HP L25297-002',
    category: 'charger',
    brand: 'Ampere Go',
    condition: 'compatible',
    weight_grams: 200,
    img: '/images/tools/barrel-charger.svg',
    description:
      'Compatible 19.5 V 2.31 A adapter with HP’s 4.5 mm blue-tip plug and the centre pin that tells the laptop its wattage.',
    min_order_quantity: 2,
    available_quantity: 140,
    price_cents: 1_999,
    partNumbers: [
      { kind: 'mpn', maker: 'Ampere Go', number: 'AG-HP45-45' },
      { kind: 'oem', maker: 'HP', number: 'L25297-002' },
    ],
    fits: ['hp-probook-450-g7', 'hp-pavilion-15-eg0000', 'hp-pavilion-14-dv0000'],
  },
  {
    name: 'ASUS 65W USB-C',
    title: 'ASUS 65W USB-C Power Adapter for ZenBook 13 and 14, 1.5m Fixed Cable',
    category: 'charger',
    brand: 'ASUS',
    condition: 'new',
    weight_grams: 210,
    img: '/images/tools/usb-c-charger.svg',
    description:
      'Genuine ASUS 65 W USB-C adapter with a fixed 1.5 m cable, the one shipped with the ZenBook 13 and 14. Also charges a phone at full speed.',
    min_order_quantity: 1,
    available_quantity: 27,
    price_cents: 4_200,
    partNumbers: [
      { kind: 'mpn', maker: 'ASUS', number: 'ADP-65TD C' },
      { kind: 'fru', maker: 'ASUS', number: '0A001-00894700' },
    ],
    fits: ['asus-zenbook-14-ux425ea', 'asus-zenbook-13-ux325ea'],
  },
  {
    name: 'ASUS 45W 4.0mm Plug',
    title:
      'Ampere Go 45W Charger for ASUS VivoBook and ZenBook, 19V 2.37A, 4.0 x 1.35mm Barrel Plug',
    category: 'charger',
    brand: 'Ampere Go',
    condition: 'compatible',
    weight_grams: 190,
    img: '/images/tools/barrel-charger.svg',
    description:
      'Compatible 19 V 2.37 A adapter with a 4.0 x 1.35 mm barrel plug for ASUS VivoBook and older ZenBook models.',
    min_order_quantity: 2,
    available_quantity: 95,
    price_cents: 1_799,
    partNumbers: [
      { kind: 'mpn', maker: 'Ampere Go', number: 'AG-AS45-40' },
      { kind: 'oem', maker: 'ASUS', number: '0A001-00238500' },
    ],
    fits: [
      'asus-zenbook-14-ux433fn',
      'asus-vivobook-15-x512da',
      'asus-vivobook-15-x515ea',
      'asus-vivobook-s14-s433fa',
    ],
  },

  // Fans and cooling
  {
    name: 'T480 Fan Heatsink',
    title: 'Lenovo ThinkPad T480 CPU Fan and Heatsink for Integrated Graphics, FRU 01YR467',
    category: 'fan',
    brand: 'Lenovo',
    condition: 'new',
    weight_grams: 120,
    img: '/images/tools/cooling-fan.svg',
    description:
      'Genuine Lenovo fan and heat-pipe assembly for T480 models with integrated graphics, thermal pads pre-applied. Not for the MX150 version.',
    min_order_quantity: 1,
    available_quantity: 31,
    price_cents: 3_900,
    partNumbers: [
      { kind: 'fru', maker: 'Lenovo', number: '01YR467' },
      { kind: 'cross-reference', maker: 'Lenovo', number: '01YR468' },
    ],
    fits: ['lenovo-thinkpad-t480'],
  },
  {
    name: 'XPS 15 Fan Pair',
    title: 'Breeze Left and Right Cooling Fans for Dell XPS 15 9570, CPU and GPU',
    category: 'fan',
    brand: 'Breeze',
    condition: 'compatible',
    weight_grams: 70,
    img: '/images/tools/cooling-fan.svg',
    description:
      'Compatible left (CPU) and right (GPU) fans for the XPS 15 9570. Replace both: the second one is rarely far behind.',
    min_order_quantity: 1,
    available_quantity: 40,
    price_cents: 3_400,
    partNumbers: [
      { kind: 'mpn', maker: 'Breeze', number: 'BZ-XPS15-LR' },
      { kind: 'oem', maker: 'Dell', number: '0TK9J1' },
      { kind: 'oem', maker: 'Dell', number: '0VJ6FK' },
    ],
    fits: ['dell-xps-15-9570'],
  },
  {
    name: 'ProBook 450 G7 Fan',
    title: 'Breeze CPU Fan for HP ProBook 450 G7 and G8, 5V 4-pin',
    category: 'fan',
    brand: 'Breeze',
    condition: 'compatible',
    weight_grams: 48,
    img: '/images/tools/cooling-fan.svg',
    description:
      'Compatible 5 V CPU fan for the ProBook 450 G7 and G8, fluid-dynamic bearing, with the original 4-pin connector.',
    min_order_quantity: 2,
    available_quantity: 70,
    price_cents: 1_650,
    partNumbers: [
      { kind: 'mpn', maker: 'Breeze', number: 'BZ-HP450-G7' },
      { kind: 'oem', maker: 'HP', number: 'L78094-001' },
    ],
    fits: ['hp-probook-450-g7', 'hp-probook-450-g8'],
  },
  {
    name: 'Thermal Pad 1.0mm',
    title: 'Arctis Thermal Pad 1.0mm, 12.8 W/mK, 85 x 45mm Sheet',
    category: 'fan',
    brand: 'Arctis',
    condition: 'new',
    weight_grams: 15,
    img: '/images/tools/thermal-pad.svg',
    description:
      'Soft silicone thermal pad, 1.0 mm thick, 12.8 W/mK, 85 x 45 mm sheet to cut to size. For the memory, VRM and SSD pads that a repaste disturbs.',
    min_order_quantity: 2,
    available_quantity: 320,
    price_cents: 899,
    partNumbers: [{ kind: 'mpn', maker: 'Arctis', number: 'AR-TPD-100' }],
    fits: [
      'lenovo-thinkpad-t14-gen-2',
      'lenovo-thinkpad-x280',
      'lenovo-thinkpad-x1-carbon-gen-9',
      'dell-latitude-7490',
      'dell-xps-13-9360',
      'dell-xps-15-9570',
      'dell-inspiron-14-5406-2-in-1',
      'hp-elitebook-840-g6',
      'hp-probook-440-g8',
      'hp-pavilion-14-dv0000',
      'asus-zenbook-14-ux425ea',
      'asus-vivobook-15-x515ea',
    ],
  },

  // Hinges
  {
    name: 'T480 Hinge Pair',
    title: 'Lenovo ThinkPad T480 Left and Right Display Hinges, FRU 01YR446',
    category: 'hinge',
    brand: 'Lenovo',
    condition: 'used',
    weight_grams: 85,
    img: '/images/tools/laptop-hinge.svg',
    description:
      'Genuine Lenovo left and right display hinges for the T480, from a working laptop. Firm action, no play at any angle.',
    min_order_quantity: 1,
    available_quantity: 16,
    price_cents: 2_200,
    partNumbers: [{ kind: 'fru', maker: 'Lenovo', number: '01YR446' }],
    fits: ['lenovo-thinkpad-t480'],
  },
  {
    name: 'Latitude 5490 Hinges',
    title: 'Dell Latitude 5490 Non-Touch Display Hinge Set with Screws, Dell 0R6G4Y',
    category: 'hinge',
    brand: 'Dell',
    condition: 'new',
    weight_grams: 90,
    img: '/images/tools/laptop-hinge.svg',
    description:
      'Genuine Dell hinge set for the Latitude 5490 non-touch display, with the cover screws. A loose lid usually means cracked hinge mounts too: check them first.',
    min_order_quantity: 1,
    available_quantity: 25,
    price_cents: 2_600,
    partNumbers: [{ kind: 'mpn', maker: 'Dell', number: '0R6G4Y' }],
    fits: ['dell-latitude-5490'],
  },
  {
    name: 'XPS 13 Hinge Set',
    title: 'Pivora Left and Right Hinges for Dell XPS 13 9360 and 9370, replaces Dell 0C3RP9',
    category: 'hinge',
    brand: 'Pivora',
    condition: 'compatible',
    weight_grams: 60,
    img: '/images/tools/laptop-hinge.svg',
    description:
      'Compatible left and right hinges for the XPS 13 9360 and 9370, hardened steel with the original torque. Replaces Dell part 0C3RP9.',
    min_order_quantity: 1,
    available_quantity: 34,
    price_cents: 1_900,
    partNumbers: [
      { kind: 'mpn', maker: 'Pivora', number: 'PV-XPS13-HG' },
      { kind: 'oem', maker: 'Dell', number: '0C3RP9' },
    ],
    fits: ['dell-xps-13-9360', 'dell-xps-13-9370'],
  },
  {
    name: 'ProBook 450 Hinges',
    title: 'Pivora Hinge Pair with Brackets and M2.5 Screws for HP ProBook 450 G7 and G8',
    category: 'hinge',
    brand: 'Pivora',
    condition: 'compatible',
    weight_grams: 80,
    img: '/images/tools/laptop-hinge.svg',
    description:
      'Compatible hinge pair with brackets for the ProBook 450 G7 and G8. Comes with the twelve M2.5 screws the brackets take.',
    min_order_quantity: 1,
    available_quantity: 47,
    price_cents: 2_100,
    partNumbers: [
      { kind: 'mpn', maker: 'Pivora', number: 'PV-HP450-HG' },
      { kind: 'oem', maker: 'HP', number: 'L77264-001' },
    ],
    fits: ['hp-probook-450-g7', 'hp-probook-450-g8'],
  },

  // Motherboards
  {
    name: 'T480 Board i5-8350U',
    title:
      'Lenovo ThinkPad T480 System Board, Intel Core i5-8350U, Integrated Graphics, Thunderbolt 3, FRU 01YR330',
    category: 'motherboard',
    brand: 'Lenovo',
    condition: 'refurbished',
    weight_grams: 210,
    img: '/images/tools/motherboard.svg',
    description:
      'Genuine Lenovo T480 system board with a Core i5-8350U, integrated graphics and Thunderbolt 3, refurbished and tested. No memory, drive or Wi-Fi card.',
    min_order_quantity: 1,
    available_quantity: 6,
    price_cents: 28_900,
    partNumbers: [{ kind: 'fru', maker: 'Lenovo', number: '01YR330' }],
    fits: ['lenovo-thinkpad-t480'],
  },
  {
    name: 'Latitude 5490 Board',
    title: 'Dell Latitude 5490 Motherboard, Intel Core i5-8250U, Dell 0W2K4C',
    category: 'motherboard',
    brand: 'Dell',
    condition: 'refurbished',
    weight_grams: 230,
    img: '/images/tools/motherboard.svg',
    description:
      'Genuine Dell Latitude 5490 motherboard with a Core i5-8250U, refurbished. The service tag must be written again with Dell’s tool after fitting.',
    min_order_quantity: 1,
    available_quantity: 4,
    price_cents: 24_900,
    partNumbers: [{ kind: 'mpn', maker: 'Dell', number: '0W2K4C' }],
    fits: ['dell-latitude-5490'],
  },
  {
    name: '840 G5 Board i5',
    title:
      'HP EliteBook 840 G5 System Board, Intel Core i5-8350U, Windows 10 Pro Key, FRU L15510-601',
    category: 'motherboard',
    brand: 'HP',
    condition: 'used',
    weight_grams: 200,
    img: '/images/tools/motherboard.svg',
    description:
      'Genuine HP EliteBook 840 G5 system board with a Core i5-8350U and a Windows 10 Pro key in firmware, from a working laptop.',
    min_order_quantity: 1,
    available_quantity: 5,
    price_cents: 19_900,
    partNumbers: [{ kind: 'fru', maker: 'HP', number: 'L15510-601' }],
    fits: ['hp-elitebook-840-g5'],
  },
  {
    name: 'XPS 13 9370 Board i7',
    title: 'Dell XPS 13 9370 Motherboard, Intel Core i7-8550U, 16GB Soldered Memory, Dell 0GRFK1',
    category: 'motherboard',
    brand: 'Dell',
    condition: 'refurbished',
    weight_grams: 140,
    img: '/images/tools/motherboard.svg',
    description:
      'Genuine Dell XPS 13 9370 motherboard with a Core i7-8550U and 16 GB of soldered memory, refurbished. Fit the new thermal pads included.',
    min_order_quantity: 1,
    available_quantity: 3,
    price_cents: 37_900,
    partNumbers: [{ kind: 'mpn', maker: 'Dell', number: '0GRFK1' }],
    fits: ['dell-xps-13-9370'],
  },
  {
    name: 'X512DA Board R5',
    title: 'ASUS VivoBook 15 X512DA Mainboard, AMD Ryzen 5 3500U, 4GB Soldered Memory',
    category: 'motherboard',
    brand: 'ASUS',
    condition: 'used',
    weight_grams: 180,
    img: '/images/tools/motherboard.svg',
    description:
      'Genuine ASUS VivoBook 15 X512DA mainboard with a Ryzen 5 3500U and 4 GB of soldered memory, tested in a working laptop.',
    min_order_quantity: 1,
    available_quantity: 7,
    price_cents: 14_900,
    partNumbers: [{ kind: 'mpn', maker: 'ASUS', number: '60NB0LZ0-MB1300' }],
    fits: ['asus-vivobook-15-x512da'],
  },

  // Wireless cards
  {
    name: 'Wi-Fi 6E M.2 Card',
    title: 'Wavelink Wi-Fi 6E and Bluetooth 5.3 M.2 2230 Card, 802.11ax on 2.4, 5 and 6 GHz',
    category: 'wireless',
    brand: 'Wavelink',
    condition: 'new',
    weight_grams: 5,
    img: '/images/tools/wifi6e-card.svg',
    description:
      'M.2 2230 Wi-Fi 6E (802.11ax, 2.4/5/6 GHz) and Bluetooth 5.3 card. The 6 GHz band needs Windows 11 or Linux 5.18 and newer.',
    min_order_quantity: 2,
    available_quantity: 130,
    price_cents: 2_999,
    partNumbers: [
      { kind: 'mpn', maker: 'Wavelink', number: 'WL-AXE2230-BT53' },
      { kind: 'cross-reference', maker: 'Wavelink', number: 'WL6E-M2-2230' },
    ],
    fits: [
      'lenovo-thinkpad-t14-gen-2',
      'lenovo-thinkpad-x1-carbon-gen-9',
      'lenovo-ideapad-5-14alc05',
      'dell-latitude-5420',
      'dell-xps-13-9360',
      'dell-inspiron-14-5406-2-in-1',
      'hp-elitebook-830-g7',
      'hp-probook-440-g8',
      'hp-probook-450-g8',
      'hp-pavilion-14-dv0000',
    ],
  },
  {
    name: 'WWAN LTE M.2 Card',
    title: 'Wavelink LTE Cat 6 WWAN Modem Card, M.2 3042, Carrier-Unlocked',
    category: 'wireless',
    brand: 'Wavelink',
    condition: 'refurbished',
    weight_grams: 7,
    img: '/images/tools/wwan-card.svg',
    description:
      'M.2 3042 LTE Cat 6 modem card, refurbished and carrier-unlocked. Needs a laptop with a WWAN slot, its antennas, and a SIM tray.',
    min_order_quantity: 1,
    available_quantity: 23,
    price_cents: 5_900,
    partNumbers: [{ kind: 'mpn', maker: 'Wavelink', number: 'WL-LTE6-3042' }],
    fits: [
      'lenovo-thinkpad-t480',
      'lenovo-thinkpad-t490',
      'lenovo-thinkpad-x280',
      'lenovo-thinkpad-x390',
      'lenovo-thinkpad-x1-carbon-gen-6',
      'dell-latitude-7490',
      'hp-elitebook-840-g5',
      'hp-elitebook-840-g6',
    ],
  },

  // Repair tools
  {
    name: 'Spudger Pry Set',
    title: 'Fixwell Spudger and Opening Pick Set, Six Nylon and Steel Tools',
    category: 'repair-tool',
    brand: 'Fixwell',
    condition: 'new',
    weight_grams: 40,
    img: '/images/tools/spudger-set.svg',
    description:
      'Six nylon and steel spudgers, picks and opening picks for unclipping bottom covers and lifting connectors without scratches.',
    min_order_quantity: 2,
    available_quantity: 400,
    price_cents: 699,
    partNumbers: [{ kind: 'mpn', maker: 'Fixwell', number: 'FW-SPG-06' }],
    fits: [
      'lenovo-thinkpad-t14-gen-2',
      'lenovo-thinkpad-x390',
      'lenovo-ideapad-3-15iil05',
      'dell-latitude-5420',
      'dell-inspiron-14-5406-2-in-1',
      'hp-elitebook-840-g6',
      'hp-elitebook-830-g7',
      'hp-pavilion-15-eg0000',
      'asus-zenbook-14-ux425ea',
      'asus-zenbook-13-ux325ea',
      'asus-vivobook-15-x512da',
      'asus-vivobook-s14-s433fa',
    ],
  },
  {
    name: 'Torx T5 Screwdriver',
    title: 'Fixwell Torx T5 Precision Screwdriver with Swivel Cap, for Dell XPS Bottom Covers',
    category: 'repair-tool',
    brand: 'Fixwell',
    condition: 'new',
    weight_grams: 22,
    img: '/images/tools/torx-screwdriver.svg',
    description:
      'Torx T5 precision screwdriver with a hardened S2 tip and swivel cap, the one size the XPS bottom cover takes.',
    min_order_quantity: 1,
    available_quantity: 210,
    price_cents: 599,
    partNumbers: [{ kind: 'mpn', maker: 'Fixwell', number: 'FW-TX5-60' }],
    fits: ['dell-xps-13-9360', 'dell-xps-13-9370', 'dell-xps-15-9570'],
  },

  // Other parts
  {
    name: 'Latitude DC-in Jack',
    title: 'Dell Latitude 5490 and 5590 DC-in Power Jack with Cable and Bracket, Dell 0DMKD3',
    category: 'other',
    brand: 'Dell',
    condition: 'new',
    weight_grams: 12,
    img: '/images/tools/dc-jack.svg',
    description:
      'Genuine Dell DC-in power jack with its cable and bracket for the Latitude 5490 and 5590. The usual fix when the charger light flickers as the plug moves.',
    min_order_quantity: 1,
    available_quantity: 58,
    price_cents: 999,
    partNumbers: [{ kind: 'mpn', maker: 'Dell', number: '0DMKD3' }],
    fits: ['dell-latitude-5490', 'dell-latitude-5590'],
  },
  {
    name: 'EliteBook HD Webcam',
    title:
      'HP EliteBook 840 G5, 840 G6 and 850 G5 720p HD Webcam Module with Microphones, FRU L15628-001',
    category: 'other',
    brand: 'HP',
    condition: 'used',
    weight_grams: 6,
    img: '/images/tools/webcam-module.svg',
    description:
      'Genuine HP 720p webcam module with microphone array and cable, from a working EliteBook. Not the infrared Windows Hello version.',
    min_order_quantity: 1,
    available_quantity: 17,
    price_cents: 1_500,
    partNumbers: [{ kind: 'fru', maker: 'HP', number: 'L15628-001' }],
    fits: ['hp-elitebook-840-g5', 'hp-elitebook-840-g6', 'hp-elitebook-850-g5'],
  },
];
