import type { ArtifactType } from '@antiquarium/contracts';

/**
 * Demo data of the seed script: a handful of contributors and a catalogue of real, well-known
 * historical artifacts. Texts are short summaries written for this site; dates, finders and
 * present locations follow the holding institutions' own descriptions where these are known.
 */

export interface DemoUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
}

export interface DemoArtifact {
  /** Unique kebab-case key; also the base name of the artifact's generated images. */
  slug: string;
  name: string;
  type: ArtifactType;
  context: string;
  shortDescription: string;
  /** Free-text period of making, e.g. '196 BC'. */
  createdAt: string;
  /** Free-text time of discovery, e.g. '1799'. */
  discoveredAt: string;
  discoveredBy: string;
  /** Where the artifact is today. */
  location: string;
  /** Index into DEMO_USERS of the contributor who added it. */
  adder: number;
  /** Initial like count. */
  likes: number;
}

/** The one password of every demo account (meets the registration rules). */
export const DEMO_PASSWORD = 'Relic-2026';

export const DEMO_USERS: readonly DemoUser[] = [
  {
    uid: 'demo-curator-01',
    email: 'eleanor.hartley@antiquarium.test',
    password: DEMO_PASSWORD,
    displayName: 'Eleanor Hartley',
  },
  {
    uid: 'demo-curator-02',
    email: 'tomas.ibarra@antiquarium.test',
    password: DEMO_PASSWORD,
    displayName: 'Tomás Ibarra',
  },
  {
    uid: 'demo-curator-03',
    email: 'amara.okafor@antiquarium.test',
    password: DEMO_PASSWORD,
    displayName: 'Amara Okafor',
  },
  {
    uid: 'demo-curator-04',
    email: 'kenji.morita@antiquarium.test',
    password: DEMO_PASSWORD,
    displayName: 'Kenji Morita',
  },
  {
    uid: 'demo-curator-05',
    email: 'sofia.lindqvist@antiquarium.test',
    password: DEMO_PASSWORD,
    displayName: 'Sofia Lindqvist',
  },
];

/** The catalogue grouped by type, for reading; DEMO_ARTIFACTS is the same list with the types mixed. */
const CATALOGUE: readonly DemoArtifact[] = [
  // ---------------------------------------------------------------- Tools
  {
    slug: 'olduvai-stone-chopping-tool',
    name: 'Olduvai Stone Chopping Tool',
    type: 'Tools',
    context: 'Oldowan industry, Lower Palaeolithic East Africa',
    shortDescription:
      'A basalt cobble with a few flakes struck off one end to give a sharp working edge. It is among the oldest objects in the British Museum and a classic example of the earliest stone tool tradition.',
    createdAt: 'c. 1.8 million years ago',
    discoveredAt: '1931',
    discoveredBy: 'Louis Leakey',
    location: 'British Museum, London',
    adder: 0,
    likes: 31,
  },
  {
    slug: 'olduvai-handaxe',
    name: 'Olduvai Handaxe',
    type: 'Tools',
    context: 'Acheulean industry, Lower Palaeolithic East Africa',
    shortDescription:
      'A symmetrical teardrop-shaped handaxe worked on both faces from green volcanic lava. Handaxes like this were an all-purpose tool made to the same basic design for more than a million years.',
    createdAt: 'c. 1.2-1.4 million years ago',
    discoveredAt: '1931',
    discoveredBy: 'Louis Leakey',
    location: 'British Museum, London',
    adder: 2,
    likes: 14,
  },
  {
    slug: 'ishango-bone',
    name: 'Ishango Bone',
    type: 'Tools',
    context: 'Upper Palaeolithic fishing community on the shore of Lake Edward, Central Africa',
    shortDescription:
      'A baboon fibula with a quartz chip set in one end and three columns of carefully grouped notches. The groupings have been read as a tally, a lunar count or simple arithmetic, making it one of the oldest possible mathematical objects.',
    createdAt: 'c. 20,000 years ago',
    discoveredAt: '1950',
    discoveredBy: 'Jean de Heinzelin de Braucourt',
    location: 'Royal Belgian Institute of Natural Sciences, Brussels',
    adder: 3,
    likes: 22,
  },
  {
    slug: 'otzi-copper-axe',
    name: "Ötzi's Copper Axe",
    type: 'Tools',
    context: 'Copper Age Alps',
    shortDescription:
      'A yew-wood haft fitted with a blade of almost pure copper, carried by the Iceman who died high in the Ötztal Alps. It is the only prehistoric copper axe found complete with its original handle and binding.',
    createdAt: 'c. 3300 BC',
    discoveredAt: '1991',
    discoveredBy: 'Helmut and Erika Simon',
    location: 'South Tyrol Museum of Archaeology, Bolzano',
    adder: 0,
    likes: 27,
  },
  {
    slug: 'antikythera-mechanism',
    name: 'Antikythera Mechanism',
    type: 'Tools',
    context: 'Hellenistic Greece',
    shortDescription:
      'A hand-cranked bronze device of at least thirty interlocking gears that modelled the motions of the Sun and Moon, predicted eclipses and tracked the cycle of the Panhellenic games. It is often called the oldest known analogue computer.',
    createdAt: 'c. 150-100 BC',
    discoveredAt: '1901',
    discoveredBy: 'Greek sponge divers off Antikythera',
    location: 'National Archaeological Museum, Athens',
    adder: 0,
    likes: 40,
  },
  {
    slug: 'salamis-tablet',
    name: 'Salamis Tablet',
    type: 'Tools',
    context: 'Classical Greece',
    shortDescription:
      'A large white marble slab ruled with lines and marked with Greek numeral symbols, used as a counting board on which pebbles were moved to reckon sums. It is the oldest surviving counting board.',
    createdAt: 'c. 300 BC',
    discoveredAt: '1846',
    discoveredBy: 'Found on Salamis; published by Alexandros Rizos Rangavis',
    location: 'Epigraphical Museum, Athens',
    adder: 1,
    likes: 6,
  },
  {
    slug: 'pompeii-surgical-instruments',
    name: 'Surgical Instruments from the House of the Surgeon',
    type: 'Tools',
    context: 'Roman Pompeii',
    shortDescription:
      'Bronze and iron scalpels, forceps, probes and specula buried by the eruption of Vesuvius. They show that Roman doctors worked with instruments remarkably close in form to those of modern surgery.',
    createdAt: 'Before AD 79',
    discoveredAt: '1771',
    discoveredBy: 'Bourbon excavators at Pompeii',
    location: 'National Archaeological Museum of Naples',
    adder: 2,
    likes: 11,
  },
  {
    slug: 'sodre-mariners-astrolabe',
    name: "Sodré Mariner's Astrolabe",
    type: 'Tools',
    context: 'Portuguese Age of Discovery, Vasco da Gama\'s second voyage to India',
    shortDescription:
      'A bronze disc bearing the Portuguese royal arms and the armillary sphere of King Manuel I, recovered from the wreck of the Esmeralda. Laser scanning revealed degree marks on its rim, confirming it as the oldest known mariner\'s astrolabe.',
    createdAt: 'c. 1496-1500',
    discoveredAt: '2014',
    discoveredBy: 'David Mearns and Blue Water Recoveries',
    location: 'National Museum of Oman, Muscat',
    adder: 3,
    likes: 9,
  },
  {
    slug: 'galileo-telescope',
    name: "Galileo's Telescope",
    type: 'Tools',
    context: 'Scientific Revolution, Grand Duchy of Tuscany',
    shortDescription:
      'One of two surviving telescopes made by Galileo Galilei, a wooden tube covered in leather with a convex objective and concave eyepiece. With instruments like it he observed the moons of Jupiter and the phases of Venus.',
    createdAt: 'c. 1609-1610',
    discoveredAt: 'Never lost',
    discoveredBy: 'Kept in the Medici collections',
    location: 'Museo Galileo, Florence',
    adder: 0,
    likes: 24,
  },
  {
    slug: 'harrison-h4-chronometer',
    name: 'Harrison H4 Marine Timekeeper',
    type: 'Tools',
    context: 'Georgian Britain and the search for longitude at sea',
    shortDescription:
      'A large silver-cased watch by the carpenter turned clockmaker John Harrison. On sea trials to the West Indies it kept time accurately enough to fix a ship\'s longitude, solving one of the great navigational problems of the age.',
    createdAt: 'AD 1759',
    discoveredAt: 'Never lost',
    discoveredBy: 'John Harrison (maker)',
    location: 'Royal Observatory, Greenwich',
    adder: 1,
    likes: 13,
  },
  {
    slug: 'mastermyr-tool-chest',
    name: 'Mästermyr Tool Chest',
    type: 'Tools',
    context: 'Viking Age Gotland',
    shortDescription:
      'An oak chest wrapped in an iron chain and packed with more than 200 objects: hammers, tongs, files, saws, drills, a lock and unfinished pieces. It belonged to a travelling smith and carpenter and is the largest Viking tool find in Europe.',
    createdAt: 'c. AD 800-1100',
    discoveredAt: '1936',
    discoveredBy: 'Hugo Kraft, a farmer ploughing a drained fen',
    location: 'Swedish History Museum, Stockholm',
    adder: 4,
    likes: 8,
  },
  {
    slug: 'lovelock-cave-duck-decoys',
    name: 'Lovelock Cave Duck Decoys',
    type: 'Tools',
    context: 'Ancient Great Basin hunters, western Nevada',
    shortDescription:
      'Eleven canvasback decoys made of bundled tule reeds, some painted and trimmed with feathers, found wrapped in a basket in a storage pit. At about 2,000 years old they are the oldest known duck decoys.',
    createdAt: 'c. 2,000 years ago',
    discoveredAt: '1924',
    discoveredBy: 'Mark R. Harrington and Llewellyn L. Loud',
    location: 'National Museum of the American Indian, Smithsonian Institution',
    adder: 1,
    likes: 5,
  },

  // ---------------------------------------------------------------- Weapons
  {
    slug: 'terracotta-army-crossbow-trigger',
    name: 'Terracotta Army Crossbow Trigger',
    type: 'Weapons',
    context: 'Qin dynasty China, mausoleum of the First Emperor',
    shortDescription:
      'A cast bronze trigger mechanism from one of the crossbows carried by the terracotta warriors. Its interchangeable parts were made to standard sizes, evidence of the mass production that armed the Qin state.',
    createdAt: 'c. 210 BC',
    discoveredAt: '1974',
    discoveredBy: 'Farmers digging a well, among them Yang Zhifa',
    location: "Emperor Qinshihuang's Mausoleum Site Museum, Xi'an",
    adder: 3,
    likes: 19,
  },
  {
    slug: 'sutton-hoo-helmet',
    name: 'Sutton Hoo Helmet',
    type: 'Weapons',
    context: 'Anglo-Saxon kingdom of East Anglia',
    shortDescription:
      'An iron helmet covered with tinned bronze panels of warriors and interlace, with a face mask whose eyebrows, nose and moustache form a flying dragon. It was buried in a great ship grave, perhaps that of King Raedwald.',
    createdAt: 'Early 7th century AD',
    discoveredAt: '1939',
    discoveredBy: "Basil Brown and Charles Phillips's excavation team",
    location: 'British Museum, London',
    adder: 0,
    likes: 38,
  },
  {
    slug: 'ulfberht-sword-elbe',
    name: 'Ulfberht Sword from the Elbe',
    type: 'Weapons',
    context: 'Viking Age and Carolingian Europe',
    shortDescription:
      'A sword blade inlaid with the maker\'s mark +VLFBERH+T, the name of a Frankish workshop famed for hard, high-carbon steel. Around 170 Ulfberht blades are known, mostly from Scandinavia; this one was dredged from the Elbe at Hamburg.',
    createdAt: 'Late 10th-early 11th century AD',
    discoveredAt: '1957',
    discoveredBy: 'Dredging works in the Elbe at Hamburg',
    location: 'Museum für Hamburgische Geschichte, Hamburg',
    adder: 1,
    likes: 25,
  },
  {
    slug: 'sword-of-goujian',
    name: 'Sword of Goujian',
    type: 'Weapons',
    context: 'Spring and Autumn period, state of Yue',
    shortDescription:
      'A tin-bronze sword with a rhombic pattern on the blade and an inscription naming Goujian, King of Yue. After more than two thousand years in a tomb it remained untarnished and sharp.',
    createdAt: '5th century BC',
    discoveredAt: '1965',
    discoveredBy: 'Archaeologists excavating tomb 1 at Wangshan, Jiangling',
    location: 'Hubei Provincial Museum, Wuhan',
    adder: 3,
    likes: 28,
  },
  {
    slug: 'gebel-el-arak-knife',
    name: 'Gebel el-Arak Knife',
    type: 'Weapons',
    context: 'Late Predynastic Egypt (Naqada II)',
    shortDescription:
      'A rippled flint blade set in a hippopotamus-ivory handle carved with a battle on land and water and a man mastering two lions. The imagery shows early contact between Egypt and Mesopotamia.',
    createdAt: 'c. 3300-3200 BC',
    discoveredAt: '1914',
    discoveredBy: 'Bought in Cairo by Georges Bénédite',
    location: 'Musée du Louvre, Paris',
    adder: 2,
    likes: 7,
  },
  {
    slug: 'schoningen-spears',
    name: 'Schöningen Spears',
    type: 'Weapons',
    context: 'Lower Palaeolithic hunters of northern Europe',
    shortDescription:
      'Long wooden throwing spears of spruce and pine, balanced like modern javelins and found among the butchered bones of wild horses. They are the oldest complete hunting weapons known.',
    createdAt: 'c. 300,000-200,000 years ago',
    discoveredAt: '1994-1999',
    discoveredBy: 'Hartmut Thieme',
    location: 'Paläon research and experience centre, Schöningen',
    adder: 0,
    likes: 16,
  },
  {
    slug: 'battersea-shield',
    name: 'Battersea Shield',
    type: 'Weapons',
    context: 'Iron Age Britain, Celtic La Tène art',
    shortDescription:
      'A thin sheet-bronze shield facing decorated with swirling La Tène ornament and red glass studs. Too fragile for battle, it was probably made for display and deliberately placed in the river.',
    createdAt: 'c. 350-50 BC',
    discoveredAt: '1857',
    discoveredBy: 'Workmen dredging the Thames at Battersea',
    location: 'British Museum, London',
    adder: 0,
    likes: 12,
  },
  {
    slug: 'crosby-garrett-helmet',
    name: 'Crosby Garrett Helmet',
    type: 'Weapons',
    context: 'Roman Britain, cavalry sports',
    shortDescription:
      'A copper-alloy cavalry helmet with a full face mask and a griffin crest, worn for parades and mock battles. It was found in dozens of fragments and sold at auction to a private buyer.',
    createdAt: 'c. AD 100-200',
    discoveredAt: '2010',
    discoveredBy: 'A metal detectorist in Cumbria',
    location: 'Private collection',
    adder: 4,
    likes: 4,
  },
  {
    slug: 'coppergate-helmet',
    name: 'Coppergate Helmet',
    type: 'Weapons',
    context: 'Anglo-Saxon Northumbria',
    shortDescription:
      'An iron and brass helmet with cheek guards, a mail neck curtain and a Latin prayer on its crest naming its owner Oshere. It is one of only a handful of Anglo-Saxon helmets to survive.',
    createdAt: 'c. AD 750-775',
    discoveredAt: '1982',
    discoveredBy: 'A digger driver on the Coppergate building site, York',
    location: 'Yorkshire Museum, York',
    adder: 1,
    likes: 10,
  },
  {
    slug: 'sword-of-tiberius',
    name: 'Sword of Tiberius',
    type: 'Weapons',
    context: 'Early Roman Empire, Rhine frontier',
    shortDescription:
      'An iron gladius in a tinned and gilded scabbard showing the future emperor Tiberius presenting a statuette of Victory to Augustus. It probably belonged to an officer stationed at Mainz.',
    createdAt: 'c. AD 15',
    discoveredAt: '1848',
    discoveredBy: 'Found at Mainz, Germany',
    location: 'British Museum, London',
    adder: 2,
    likes: 3,
  },
  {
    slug: 'tutankhamun-meteoric-iron-dagger',
    name: "Tutankhamun's Meteoric Iron Dagger",
    type: 'Weapons',
    context: 'New Kingdom Egypt, 18th Dynasty',
    shortDescription:
      'A dagger with a gold handle and a blade of rust-free iron, found in the wrappings of the boy king\'s mummy. Analysis in 2016 showed the blade\'s nickel and cobalt content came from a meteorite.',
    createdAt: 'c. 1323 BC',
    discoveredAt: '1925',
    discoveredBy: 'Howard Carter',
    location: 'Grand Egyptian Museum, Giza',
    adder: 0,
    likes: 33,
  },
  {
    slug: 'helmet-of-miltiades',
    name: 'Helmet of Miltiades',
    type: 'Weapons',
    context: 'Classical Greece, era of the Persian Wars',
    shortDescription:
      'A bronze Corinthian helmet inscribed with the dedication "Miltiades dedicated me to Zeus". It was probably offered at Olympia by the Athenian general who led the Greeks to victory at Marathon.',
    createdAt: 'c. 490 BC',
    discoveredAt: '1961',
    discoveredBy: 'German Archaeological Institute excavators at Olympia',
    location: 'Archaeological Museum of Olympia',
    adder: 1,
    likes: 15,
  },

  // ---------------------------------------------------------------- Documents
  {
    slug: 'rosetta-stone',
    name: 'Rosetta Stone',
    type: 'Documents',
    context: 'Ptolemaic Egypt',
    shortDescription:
      'A granodiorite stele carrying a priestly decree of Ptolemy V in hieroglyphic, Demotic and ancient Greek. The parallel texts gave Jean-François Champollion the key to deciphering hieroglyphs in 1822.',
    createdAt: '196 BC',
    discoveredAt: '1799',
    discoveredBy: 'Pierre-François Bouchard',
    location: 'British Museum, London',
    adder: 0,
    likes: 40,
  },
  {
    slug: 'magna-carta-lincoln',
    name: 'Magna Carta (Lincoln Exemplar)',
    type: 'Documents',
    context: 'Angevin England',
    shortDescription:
      'One of four surviving copies of the charter King John sealed at Runnymede, which placed the king under the law and protected free men from unlawful imprisonment. The Lincoln copy has been in the city since 1215.',
    createdAt: 'AD 1215',
    discoveredAt: 'Never lost',
    discoveredBy: 'Kept by the Dean and Chapter of Lincoln Cathedral',
    location: 'Lincoln Castle, Lincoln',
    adder: 1,
    likes: 26,
  },
  {
    slug: 'code-of-hammurabi',
    name: 'Code of Hammurabi',
    type: 'Documents',
    context: 'Old Babylonian Mesopotamia',
    shortDescription:
      'A basalt stele topped by a relief of King Hammurabi before the sun god Shamash, inscribed in cuneiform with 282 laws on trade, property, family and injury. It had been carried off to Susa as war booty in the 12th century BC.',
    createdAt: 'c. 1754 BC',
    discoveredAt: '1901',
    discoveredBy: "Jacques de Morgan's expedition at Susa",
    location: 'Musée du Louvre, Paris',
    adder: 0,
    likes: 35,
  },
  {
    slug: 'cyrus-cylinder',
    name: 'Cyrus Cylinder',
    type: 'Documents',
    context: 'Achaemenid Persian Empire',
    shortDescription:
      'A clay barrel inscribed in Babylonian cuneiform after Cyrus the Great took Babylon, describing how he restored temples and returned displaced peoples and their gods. It is often cited as an early statement of tolerant rule.',
    createdAt: 'After 539 BC',
    discoveredAt: '1879',
    discoveredBy: 'Hormuzd Rassam',
    location: 'British Museum, London',
    adder: 2,
    likes: 21,
  },
  {
    slug: 'domesday-book',
    name: 'Domesday Book',
    type: 'Documents',
    context: 'Norman England',
    shortDescription:
      'The record of the great survey ordered by William the Conqueror, listing landholders, ploughs, mills, livestock and values for most of England. It remained a legal authority on land for centuries.',
    createdAt: 'AD 1086',
    discoveredAt: 'Never lost',
    discoveredBy: 'Kept by the royal Exchequer',
    location: 'The National Archives, Kew',
    adder: 1,
    likes: 12,
  },
  {
    slug: 'amarna-letters',
    name: 'Amarna Letters',
    type: 'Documents',
    context: 'New Kingdom Egypt and the Late Bronze Age Near East',
    shortDescription:
      'About 380 clay tablets of diplomatic correspondence, mostly in Akkadian cuneiform, between the pharaohs and the rulers of Babylon, Mitanni, Hatti and Canaanite city-states.',
    createdAt: 'c. 1360-1332 BC',
    discoveredAt: '1887',
    discoveredBy: 'A local villager digging at Amarna',
    location: 'Vorderasiatisches Museum, Berlin; British Museum; Egyptian Museum, Cairo',
    adder: 2,
    likes: 9,
  },
  {
    slug: 'egyptian-hittite-peace-treaty',
    name: 'Egyptian-Hittite Peace Treaty Tablet',
    type: 'Documents',
    context: 'Hittite Empire and New Kingdom Egypt',
    shortDescription:
      'The Hittite version, in Akkadian cuneiform, of the treaty agreed between Ramesses II and Hattusili III after the Battle of Kadesh. It is the oldest surviving peace treaty whose text is known from both sides.',
    createdAt: 'c. 1259 BC',
    discoveredAt: '1906',
    discoveredBy: 'Hugo Winckler at Hattusa',
    location: 'Istanbul Archaeology Museums',
    adder: 3,
    likes: 17,
  },
  {
    slug: 'mesha-stele',
    name: 'Mesha Stele',
    type: 'Documents',
    context: 'Iron Age kingdom of Moab',
    shortDescription:
      'A black basalt stone on which King Mesha of Moab records his revolt against the kingdom of Israel. It is the longest Iron Age inscription yet found in the region and names the God of Israel.',
    createdAt: 'c. 840 BC',
    discoveredAt: '1868',
    discoveredBy: 'Frederick Augustus Klein',
    location: 'Musée du Louvre, Paris',
    adder: 0,
    likes: 8,
  },
  {
    slug: 'piri-reis-map',
    name: 'Piri Reis Map',
    type: 'Documents',
    context: 'Ottoman Empire, Age of Discovery',
    shortDescription:
      'A surviving fragment of a world map drawn on gazelle-skin parchment by the Ottoman admiral Piri Reis, showing the Atlantic coasts of Europe, Africa and South America. He compiled it from some twenty earlier charts, one said to be by Columbus.',
    createdAt: 'AD 1513',
    discoveredAt: '1929',
    discoveredBy: 'Gustav Adolf Deissmann',
    location: 'Topkapı Palace Museum, Istanbul',
    adder: 1,
    likes: 23,
  },
  {
    slug: 'tabula-peutingeriana',
    name: 'Tabula Peutingeriana',
    type: 'Documents',
    context: 'Medieval copy of a Late Roman road map',
    shortDescription:
      'A scroll almost seven metres long showing the road network of the Roman Empire from Britain to India, with towns, distances and staging posts. It is the only surviving map of the Roman public road system.',
    createdAt: '13th century copy of a 4th-5th century original',
    discoveredAt: '1494',
    discoveredBy: 'Conrad Celtes',
    location: 'Austrian National Library, Vienna',
    adder: 3,
    likes: 6,
  },
  {
    slug: 'puruchuco-khipus',
    name: 'Puruchuco Khipus',
    type: 'Documents',
    context: 'Inca Empire',
    shortDescription:
      'Cords of knotted cotton on which Inca administrators recorded numbers such as census counts and tribute. Matching values across several of these khipus showed how accounts were summed from one level of officials to the next.',
    createdAt: 'c. AD 1400-1532',
    discoveredAt: '1956',
    discoveredBy: 'Arturo Jiménez Borja',
    location: 'Puruchuco Site Museum, Lima',
    adder: 4,
    likes: 2,
  },
  {
    slug: 'copper-scroll',
    name: 'Copper Scroll',
    type: 'Documents',
    context: 'Second Temple Judaism, Qumran',
    shortDescription:
      'A text engraved on sheets of copper listing some sixty hiding places of gold, silver and other treasure. Unlike the other Dead Sea Scrolls it is an inventory, and it had to be cut into strips to be read.',
    createdAt: 'c. AD 50-100',
    discoveredAt: '1952',
    discoveredBy: 'Archaeologists exploring Qumran Cave 3',
    location: 'The Jordan Museum, Amman',
    adder: 0,
    likes: 11,
  },
  {
    slug: 'diary-of-merer',
    name: 'Diary of Merer',
    type: 'Documents',
    context: 'Old Kingdom Egypt, 4th Dynasty',
    shortDescription:
      'Papyrus logbooks kept by an inspector named Merer, recording how his crew shipped limestone blocks from Tura down the Nile to Giza for the Great Pyramid. They are the oldest inscribed papyri known.',
    createdAt: 'c. 2560 BC',
    discoveredAt: '2013',
    discoveredBy: "Pierre Tallet's team at Wadi al-Jarf",
    location: 'Egyptian Museum, Cairo',
    adder: 2,
    likes: 18,
  },
  {
    slug: 'codex-mendoza',
    name: 'Codex Mendoza',
    type: 'Documents',
    context: 'Early colonial New Spain',
    shortDescription:
      'A painted book made by Aztec scribes with Spanish commentary, recording the history of the Mexica rulers, the tribute owed by each province and daily life from birth to old age.',
    createdAt: 'c. 1541-1542',
    discoveredAt: '1659',
    discoveredBy: 'Bequest of John Selden to the Bodleian',
    location: 'Bodleian Library, Oxford',
    adder: 3,
    likes: 5,
  },

  // ---------------------------------------------------------------- Writings
  {
    slug: 'great-isaiah-scroll',
    name: 'Great Isaiah Scroll',
    type: 'Writings',
    context: 'Second Temple Judaism, Qumran (Dead Sea Scrolls)',
    shortDescription:
      'The only complete biblical book among the Dead Sea Scrolls, 54 columns of Hebrew on seventeen sheets of parchment. It is about a thousand years older than the previously oldest known manuscripts of Isaiah.',
    createdAt: 'c. 125 BC',
    discoveredAt: '1947',
    discoveredBy: 'Muhammed edh-Dhib, a Bedouin shepherd',
    location: 'Shrine of the Book, Israel Museum, Jerusalem',
    adder: 0,
    likes: 34,
  },
  {
    slug: 'gutenberg-bible',
    name: 'Gutenberg Bible',
    type: 'Writings',
    context: 'Renaissance Mainz, the beginning of printing with movable type',
    shortDescription:
      'The first major book printed in Europe with movable metal type, set in a dense Gothic script of 42 lines per column. This copy is one of three perfect copies printed on vellum.',
    createdAt: 'c. 1454-1455',
    discoveredAt: '1930',
    discoveredBy: 'Acquired from the collector Otto Vollbehr',
    location: 'Library of Congress, Washington, D.C.',
    adder: 1,
    likes: 29,
  },
  {
    slug: 'gilgamesh-flood-tablet',
    name: 'Flood Tablet of the Epic of Gilgamesh',
    type: 'Writings',
    context: 'Neo-Assyrian Empire, library of Ashurbanipal at Nineveh',
    shortDescription:
      'Tablet XI of the Epic of Gilgamesh, in which Utnapishtim tells how he built a boat to survive a great flood. George Smith caused a sensation when he recognised its parallels with the story of Noah in 1872.',
    createdAt: '7th century BC',
    discoveredAt: '1853',
    discoveredBy: 'Hormuzd Rassam',
    location: 'British Museum, London',
    adder: 0,
    likes: 22,
  },
  {
    slug: 'book-of-kells',
    name: 'Book of Kells',
    type: 'Writings',
    context: 'Insular art, early medieval Ireland and Scotland',
    shortDescription:
      'A lavishly illuminated Latin gospel book whose pages of knotwork, spirals and fantastic beasts are the high point of Insular manuscript painting. It was probably begun on Iona and finished at Kells.',
    createdAt: 'c. AD 800',
    discoveredAt: '1661',
    discoveredBy: 'Given to Trinity College by Henry Jones, Bishop of Meath',
    location: 'Trinity College Library, Dublin',
    adder: 4,
    likes: 32,
  },
  {
    slug: 'lindisfarne-gospels',
    name: 'Lindisfarne Gospels',
    type: 'Writings',
    context: 'Anglo-Saxon Northumbria',
    shortDescription:
      'An illuminated gospel book made on Holy Island, traditionally by Bishop Eadfrith. In the 10th century the priest Aldred added a word-by-word Old English gloss, the oldest surviving English version of the gospels.',
    createdAt: 'c. AD 715-720',
    discoveredAt: 'Early 17th century',
    discoveredBy: 'Acquired by Sir Robert Cotton',
    location: 'British Library, London',
    adder: 2,
    likes: 14,
  },
  {
    slug: 'diamond-sutra',
    name: 'Diamond Sutra of Dunhuang',
    type: 'Writings',
    context: 'Tang dynasty China, Buddhist Silk Road',
    shortDescription:
      'A scroll of a Buddhist sermon printed from carved wooden blocks, with a frontispiece of the Buddha teaching. Its colophon gives a date equal to AD 868, making it the earliest dated printed book.',
    createdAt: 'AD 868',
    discoveredAt: '1900',
    discoveredBy: 'Wang Yuanlu; acquired by Aurel Stein in 1907',
    location: 'British Library, London',
    adder: 3,
    likes: 20,
  },
  {
    slug: 'dresden-codex',
    name: 'Dresden Codex',
    type: 'Writings',
    context: 'Postclassic Maya, Yucatán',
    shortDescription:
      'A folding bark-paper book painted with Maya glyphs and images, containing almanacs, Venus tables and eclipse predictions. It is the best preserved of the four surviving Maya books.',
    createdAt: '11th-12th century AD',
    discoveredAt: '1739',
    discoveredBy: 'Johann Christian Götze',
    location: 'Saxon State and University Library, Dresden',
    adder: 1,
    likes: 10,
  },
  {
    slug: 'voynich-manuscript',
    name: 'Voynich Manuscript',
    type: 'Writings',
    context: 'Late medieval Central Europe',
    shortDescription:
      'A small vellum book filled with an unknown script and drawings of unidentified plants, star charts and bathing figures. Despite a century of effort by codebreakers, its text has never been deciphered.',
    createdAt: 'Early 15th century',
    discoveredAt: '1912',
    discoveredBy: 'Wilfrid Voynich',
    location: 'Beinecke Rare Book and Manuscript Library, Yale University',
    adder: 0,
    likes: 37,
  },
  {
    slug: 'codex-sinaiticus',
    name: 'Codex Sinaiticus',
    type: 'Writings',
    context: 'Late Roman Empire, early Christianity',
    shortDescription:
      'A handwritten Greek Bible on parchment containing the oldest complete New Testament. Its leaves are today divided between London, Leipzig, Saint Catherine\'s Monastery and St Petersburg.',
    createdAt: 'c. AD 330-360',
    discoveredAt: '1844',
    discoveredBy: 'Constantin von Tischendorf',
    location: 'British Library, London',
    adder: 2,
    likes: 12,
  },
  {
    slug: 'nag-hammadi-codices',
    name: 'Nag Hammadi Codices',
    type: 'Writings',
    context: 'Late Roman Egypt, early Christian and Gnostic communities',
    shortDescription:
      'Thirteen leather-bound papyrus books holding over fifty texts in Coptic, including the Gospel of Thomas. They were found sealed in a jar buried near the Nile.',
    createdAt: 'c. AD 350-400',
    discoveredAt: '1945',
    discoveredBy: 'Muhammad Ali al-Samman',
    location: 'Coptic Museum, Cairo',
    adder: 0,
    likes: 15,
  },
  {
    slug: 'vindolanda-tablets',
    name: 'Vindolanda Tablets',
    type: 'Writings',
    context: 'Roman Britain, frontier fort near Hadrian\'s Wall',
    shortDescription:
      'Thin wooden leaf tablets written in ink by soldiers, officers and their families. They include Claudia Severa\'s birthday invitation to Sulpicia Lepidina, among the oldest known handwriting by a woman in Latin.',
    createdAt: 'c. AD 85-130',
    discoveredAt: '1973',
    discoveredBy: 'Robin Birley',
    location: 'British Museum, London',
    adder: 1,
    likes: 19,
  },
  {
    slug: 'beowulf-manuscript',
    name: 'Beowulf Manuscript (Nowell Codex)',
    type: 'Writings',
    context: 'Late Anglo-Saxon England',
    shortDescription:
      'The single surviving manuscript of Beowulf, the longest epic poem in Old English. Its edges were scorched in the Ashburnham House fire of 1731, which destroyed or damaged much of the Cotton library.',
    createdAt: 'c. AD 975-1025',
    discoveredAt: '1563',
    discoveredBy: 'Laurence Nowell, its first recorded owner',
    location: 'British Library, London',
    adder: 3,
    likes: 24,
  },

  // ---------------------------------------------------------------- Others
  {
    slug: 'tutankhamun-golden-mask',
    name: "Tutankhamun's Golden Mask",
    type: 'Others',
    context: 'New Kingdom Egypt, 18th Dynasty',
    shortDescription:
      'The funerary mask of the boy king, beaten from more than ten kilograms of gold and inlaid with lapis lazuli, quartz, obsidian and coloured glass. It rested directly on the shoulders of the mummy.',
    createdAt: 'c. 1323 BC',
    discoveredAt: '1925',
    discoveredBy: 'Howard Carter',
    location: 'Grand Egyptian Museum, Giza',
    adder: 0,
    likes: 39,
  },
  {
    slug: 'nebra-sky-disc',
    name: 'Nebra Sky Disc',
    type: 'Others',
    context: 'Early Bronze Age central Europe (Únětice culture)',
    shortDescription:
      'A bronze disc with gold inlays of the Sun or full Moon, a crescent and stars that include the Pleiades. It is the oldest known concrete depiction of the sky.',
    createdAt: 'c. 1600 BC',
    discoveredAt: '1999',
    discoveredBy: 'Treasure hunters Henry Westphal and Mario Renner',
    location: 'State Museum of Prehistory, Halle (Saale)',
    adder: 2,
    likes: 30,
  },
  {
    slug: 'lewis-chessmen',
    name: 'Lewis Chessmen',
    type: 'Others',
    context: 'Norse kingdom of the Isles, Romanesque art',
    shortDescription:
      'Kings, queens, bishops, knights and berserker warders carved mostly from walrus ivory, probably in Trondheim. Their glum, wide-eyed faces have made them the best known chess pieces in the world.',
    createdAt: 'c. AD 1150-1200',
    discoveredAt: '1831',
    discoveredBy: 'Malcolm Macleod of Penny Donald, Uig',
    location: 'British Museum, London; National Museum of Scotland, Edinburgh',
    adder: 1,
    likes: 27,
  },
  {
    slug: 'baghdad-battery',
    name: 'Baghdad Battery',
    type: 'Others',
    context: 'Parthian or Sasanian Mesopotamia',
    shortDescription:
      'A clay jar holding a copper cylinder and an iron rod, once proposed as an ancient galvanic cell for electroplating. Many archaeologists now think it was simply a container for sacred scrolls.',
    createdAt: 'c. 250 BC-AD 650',
    discoveredAt: '1936',
    discoveredBy: 'Found at Khujut Rabu; described by Wilhelm König',
    location: 'National Museum of Iraq, Baghdad',
    adder: 4,
    likes: 14,
  },
  {
    slug: 'venus-of-willendorf',
    name: 'Venus of Willendorf',
    type: 'Others',
    context: 'Gravettian culture, Upper Palaeolithic Europe',
    shortDescription:
      'A limestone figurine of a woman, 11 centimetres tall and tinted with red ochre, with braided or patterned hair covering her face. The stone came from far to the south, suggesting long-distance travel.',
    createdAt: 'c. 30,000 years ago',
    discoveredAt: '1908',
    discoveredBy: "Josef Szombathy's excavation team",
    location: 'Natural History Museum, Vienna',
    adder: 3,
    likes: 21,
  },
  {
    slug: 'lion-man-hohlenstein-stadel',
    name: 'Lion-man of the Hohlenstein-Stadel',
    type: 'Others',
    context: 'Aurignacian culture, Swabian Jura',
    shortDescription:
      'A figure with a lion\'s head and a human body carved from mammoth ivory, pieced together from hundreds of fragments. It is one of the oldest known figurative sculptures and among the earliest images of an imagined being.',
    createdAt: 'c. 40,000 years ago',
    discoveredAt: '1939',
    discoveredBy: 'Robert Wetzel and Otto Völzing',
    location: 'Museum Ulm',
    adder: 0,
    likes: 26,
  },
  {
    slug: 'lycurgus-cup',
    name: 'Lycurgus Cup',
    type: 'Others',
    context: 'Late Roman Empire',
    shortDescription:
      'A glass cage cup carved with the myth of King Lycurgus entangled by vines. Nanoparticles of gold and silver in the glass make it look jade green in reflected light and ruby red when lit from behind.',
    createdAt: '4th century AD',
    discoveredAt: '1958',
    discoveredBy: 'Acquired from Lord Rothschild',
    location: 'British Museum, London',
    adder: 2,
    likes: 17,
  },
  {
    slug: 'gundestrup-cauldron',
    name: 'Gundestrup Cauldron',
    type: 'Others',
    context: 'Iron Age Europe, Celtic and Thracian art',
    shortDescription:
      'A richly decorated silver vessel whose plates show gods, animals and warriors, including an antlered figure often identified as Cernunnos. It had been dismantled and laid in a bog as an offering.',
    createdAt: 'c. 150 BC-AD 1',
    discoveredAt: '1891',
    discoveredBy: 'Peat cutters in the Rævemose bog, Himmerland',
    location: 'National Museum of Denmark, Copenhagen',
    adder: 0,
    likes: 13,
  },
  {
    slug: 'standard-of-ur',
    name: 'Standard of Ur',
    type: 'Others',
    context: 'Early Dynastic Sumer',
    shortDescription:
      'A hollow wooden box inlaid with shell, red limestone and lapis lazuli, with one side showing war and the other peace and banqueting. Its original purpose is unknown.',
    createdAt: 'c. 2600 BC',
    discoveredAt: '1927-1928',
    discoveredBy: 'Leonard Woolley',
    location: 'British Museum, London',
    adder: 1,
    likes: 22,
  },
  {
    slug: 'mask-of-agamemnon',
    name: 'Mask of Agamemnon',
    type: 'Others',
    context: 'Mycenaean Greece',
    shortDescription:
      'A gold funeral mask from Grave Circle A at Mycenae, once believed by its finder to show the Homeric king Agamemnon. It is in fact some three centuries older than the likely time of the Trojan War.',
    createdAt: 'c. 1550-1500 BC',
    discoveredAt: '1876',
    discoveredBy: 'Heinrich Schliemann',
    location: 'National Archaeological Museum, Athens',
    adder: 0,
    likes: 29,
  },
  {
    slug: 'phaistos-disc',
    name: 'Phaistos Disc',
    type: 'Others',
    context: 'Minoan Crete',
    shortDescription:
      'A disc of fired clay stamped in a spiral on both sides with 241 signs made by 45 different punches. Its script is found nowhere else and remains undeciphered.',
    createdAt: 'c. 1850-1600 BC',
    discoveredAt: '1908',
    discoveredBy: 'Luigi Pernier',
    location: 'Heraklion Archaeological Museum, Crete',
    adder: 3,
    likes: 18,
  },
  {
    slug: 'mold-gold-cape',
    name: 'Mold Gold Cape',
    type: 'Others',
    context: 'Early Bronze Age Britain',
    shortDescription:
      'A ceremonial cape beaten from a single gold ingot and embossed with ribs and bosses imitating beads and folds of cloth. It was found crushed around the remains of a skeleton in a burial cairn.',
    createdAt: 'c. 1900-1600 BC',
    discoveredAt: '1833',
    discoveredBy: 'Workmen quarrying a cairn at Mold, Flintshire',
    location: 'British Museum, London',
    adder: 0,
    likes: 9,
  },
  {
    slug: 'bust-of-nefertiti',
    name: 'Bust of Nefertiti',
    type: 'Others',
    context: 'Amarna period, New Kingdom Egypt',
    shortDescription:
      'A painted limestone and stucco bust of Akhenaten\'s great royal wife, found in the workshop of the sculptor Thutmose. The unfinished left eye suggests it served as a model for other portraits.',
    createdAt: 'c. 1345 BC',
    discoveredAt: '1912',
    discoveredBy: "Ludwig Borchardt's excavation team",
    location: 'Neues Museum, Berlin',
    adder: 1,
    likes: 31,
  },
  {
    slug: 'shigir-idol',
    name: 'Shigir Idol',
    type: 'Others',
    context: 'Mesolithic hunter-gatherers of the Urals',
    shortDescription:
      'A tall larch-wood post carved with faces and zigzag patterns, preserved in a peat bog. Radiocarbon dating shows it is more than twice as old as the Egyptian pyramids, making it the oldest known wooden sculpture.',
    createdAt: 'c. 12,000 years ago',
    discoveredAt: '1890',
    discoveredBy: 'Gold prospectors in the Shigir peat bog',
    location: 'Sverdlovsk Regional Museum of Local Lore, Yekaterinburg',
    adder: 2,
    likes: 16,
  },
  {
    slug: 'olmec-colossal-head-1',
    name: 'Olmec Colossal Head 1',
    type: 'Others',
    context: 'Olmec civilisation, San Lorenzo',
    shortDescription:
      'A basalt head almost three metres tall, wearing a helmet-like headdress, thought to portray an Olmec ruler. The boulder was brought from the distant Tuxtla Mountains.',
    createdAt: 'c. 1200-900 BC',
    discoveredAt: '1945-1946',
    discoveredBy: 'Matthew Stirling',
    location: 'Museum of Anthropology of Xalapa, Veracruz',
    adder: 4,
    likes: 7,
  },
  {
    slug: 'aztec-sun-stone',
    name: 'Aztec Sun Stone',
    type: 'Others',
    context: 'Mexica (Aztec) Empire, Tenochtitlan',
    shortDescription:
      'A basalt disc about 3.6 metres across carved with the face of a deity at its centre, surrounded by the signs of the four previous world ages and the twenty day names.',
    createdAt: 'c. 1502-1521',
    discoveredAt: '1790',
    discoveredBy: 'Workers repaving the main square of Mexico City',
    location: 'National Museum of Anthropology, Mexico City',
    adder: 1,
    likes: 28,
  },
  {
    slug: 'jade-burial-suit-liu-sheng',
    name: 'Jade Burial Suit of Liu Sheng',
    type: 'Others',
    context: 'Western Han dynasty China',
    shortDescription:
      'A body-shaped suit of more than 2,400 jade plaques sewn together with gold wire for Liu Sheng, Prince of Zhongshan, in the belief that jade would preserve the body.',
    createdAt: '2nd century BC',
    discoveredAt: '1968',
    discoveredBy: 'Soldiers of the People\'s Liberation Army at Mancheng',
    location: 'Hebei Museum, Shijiazhuang',
    adder: 3,
    likes: 20,
  },
];

/**
 * Spreads each type evenly over the list (stable within a type), so that any run of consecutive
 * entries, such as the newest or oldest page when list order becomes the order of addition, shows
 * every type.
 */
function spreadByType(items: readonly DemoArtifact[]): DemoArtifact[] {
  const groups = new Map<ArtifactType, DemoArtifact[]>();
  for (const item of items) {
    const group = groups.get(item.type) ?? [];
    group.push(item);
    groups.set(item.type, group);
  }
  const order = [...groups.keys()];
  const placed = [...groups.entries()].flatMap(([type, group]) =>
    group.map((item, i) => ({ item, key: (i + 0.5) / group.length, rank: order.indexOf(type) })),
  );
  placed.sort((a, b) => a.key - b.key || a.rank - b.rank);
  return placed.map((entry) => entry.item);
}

/** The demo artifacts, in the order the seed adds them (oldest first). */
export const DEMO_ARTIFACTS: readonly DemoArtifact[] = spreadByType(CATALOGUE);
