/**
 * Word lists for the privacy check (privacy.ts): common Norwegian person names and postal
 * places. Written lower-case; the check compares lower-cased words. The person names are
 * the most common ones in Norway (SSB's name statistics: the first names most carried by
 * women and men, and the commonest surnames, including the large immigrant groups), a few
 * hundred each. Lists, not a model: a rare name is a miss, but a miss here only drops a
 * "low" reminder.
 */

const words = (list: string) => new Set(list.trim().split(/\s+/));

export const firstNames: ReadonlySet<string> = words(`
  anne inger kari marit ingrid liv eva berit astrid bjørg hilde anna solveig marianne randi ida
  nina maria elisabeth kristin bente heidi silje hanne gerd linda tone monica elin ragnhild wenche
  camilla ellen karin hege ann anita marie mari kirsten julie laila grete sigrid cecilie ingeborg
  nora emma turid torill ruth reidun unni siri mona lise åse trine aud else kristine tove gunn
  britt jorunn sissel vigdis mette margrethe hanna sara thea tonje stine marte linn lene line
  kjersti karoline guri merete grethe sofie maja ingvild ragnhild gunhild gunnhild synnøve
  margit tordis oddny bodil lillian helene vibeke trude kine malin amalie emilie frida hedda
  tiril tuva vilde live selma ella olivia leah leah ingebjørg målfrid jenny ane helga sølvi
  wenke jannicke janne kristina marthe ragna agnes sigrun borghild ase eli aslaug irene elise
  mia nathalie andrea victoria viktoria charlotte henriette caroline josefine thale mathilde
  aurora ylva lykke kaja oda tilde ronja benedicte benedikte anette annette mariann marianne
  therese therese cathrine katrine kathrine christine kristiane helle birgit birgitte liss
  lisbeth torunn toril oddrun gro berit grete brit signe hildegunn rigmor dagny dagrun dagfrid
  jan per bjørn ole lars kjell knut arne svein thomas hans geir tor morten terje odd martin erik
  andreas john rune trond anders tore jon harald espen olav gunnar rolf stein leif dag kristian
  øyvind nils frode helge einar eirik jørgen magnus henrik jonas kjetil kåre christian steinar
  daniel petter egil bjarne ivar sverre roger tom ola vidar håkon gustav sigurd alf roy johannes
  mats sindre emil tobias kristoffer jakob jacob sander alexander fredrik sebastian mathias
  markus marius oskar aksel william filip noah lucas lukas isak elias vetle sondre even stian
  vegard eivind bård pål ragnar reidar arild ove asbjørn torbjørn sigmund halvor jostein thor
  roar atle audun gaute jarle ketil lasse oddvar robert runar simen tormod yngve ørjan jens
  johan karl olaf paul peter david michael stig kenneth tommy glenn ronny kurt arvid bernt
  torstein gudmund ingvar jørn hallvard sturla trygve torgeir torleif ulf vebjørn ådne adrian
  benjamin herman iver kasper ludvig mikkel nikolai theodor victor viktor jesper håvard kim
  morgan anton
  mohammad mohammed mohamed muhammad ahmed ali hassan hussein omar fatima aisha ayesha
  amir yusuf abdi piotr tomasz anna katarzyna agnieszka jonas
`);

export const lastNames: ReadonlySet<string> = words(`
  hansen johansen olsen larsen andersen pedersen nilsen kristiansen jensen karlsen johnsen
  pettersen eriksen berg haugen hagen johannessen andreassen jacobsen dahl jørgensen halvorsen
  henriksen lund sørensen jakobsen moen gundersen iversen strand solberg svendsen eide knutsen
  martinsen paulsen bakken kristoffersen mathisen lie amundsen nguyen rasmussen ali lunde
  solheim berge moe nygård bakke kristensen fredriksen holm lien hauge christensen andresen
  nielsen knudsen evensen sæther aas myhre hanssen ahmed haugland thomassen simonsen sivertsen
  danielsen berntsen sandvik rønning arnesen antonsen næss vik ellingsen edvardsen isaksen
  hermansen kleven ruud engen tangen brekke olsson ludvigsen mikkelsen haug strøm fosse
  nordby birkeland lunde mohamed hussain khan sandberg mohammed stene sunde tveit vold
  jenssen jensrud dale holmen tveiten myklebust aasen andreasen abrahamsen sætre gulbrandsen
  steen torgersen thorsen helland hovland lorentzen wold hovde mortensen nyberg nygaard
  berglund bråthen fossum hoel hovden hermansen jakobsen kvam lorentsen martinussen
  mathiesen mikalsen nilssen nordli olsrud oppedal ramberg rød rustad samuelsen skaug skogen
  sletten solli sundby syversen søvik teigen thoresen tollefsen torp ulriksen vangen wang
  wiik østby aune eliassen einarsen ødegård ødegaard opheim haraldsen gjerde hammer kolstad
  sandnes foss lorentzen bjerke hagen haaland håland tønnessen nes
  hussein hassan omar ahmad iqbal akhtar singh kaur yilmaz kowalski nowak tran pham
`);

/**
 * Names that are also everyday Norwegian words (or abbreviations), so a capital at the start
 * of a sentence says nothing: "Per dag …", "Tom for Paracet", "Hans kone ringte", "Strøm er
 * borte", "Dag 3 etter operasjon". These count only where a capital means a name: inside a
 * sentence, or right before another name ("Per Hansen").
 */
export const ambiguousNames: ReadonlySet<string> = words(`
  per jan dag tor odd stein rune tom even ask storm gro lene line ane liv siv sol ros mai tone
  frank bo hans anders bjørn finn kim roy lykke vilde live sander signe ulf pål tore glenn
  berg dahl dal lie strand moe lund lunde bakke bakken holm vik haug hauge hagen haugen strøm
  vold moen lien engen tangen sand foss rød berge brekke sletten nes dale aas eide wang hammer
  skogen torp teigen gjerde wold aune steen stene sunde vangen kvam tveit nordli solli
  ali wiik
`);

/**
 * Postal places, for "0450 Oslo": the towns and municipality centres most often written
 * after a postcode. A postcode before any other capitalised word is only taken as an
 * address right after a street address (privacy.ts), because "kl 1500 Møte" is not one.
 */
export const postalPlaces: ReadonlySet<string> = words(`
  oslo bergen trondheim stavanger drammen fredrikstad kristiansand sandnes tromsø sarpsborg
  skien ålesund sandefjord haugesund tønsberg moss porsgrunn bodø arendal hamar larvik ytrebygda
  halden lillehammer molde harstad gjøvik kongsberg horten mo narvik askøy jessheim lillestrøm
  ski kongsvinger elverum steinkjer alta levanger namsos kristiansund grimstad mandal egersund
  bryne flekkefjord farsund lyngdal kragerø notodden rjukan drøbak ås kolbotn sandvika bekkestua
  asker lysaker stabekk fornebu nesbru slependen heggedal hvalstad billingstad vollen røyken
  hurum lierskogen lier mjøndalen hokksund vikersund hønefoss jevnaker gran brandbu hov
  raufoss lena dokka fagernes otta vinstra ringebu tretten brumunddal moelv stange ottestad
  løten rena koppang tynset røros oppdal orkanger melhus støren stjørdal hommelvik malvik
  verdal inderøy mosjøen sandnessjøen brønnøysund fauske svolvær leknes sortland stokmarknes
  andenes finnsnes bardufoss setermoen hammerfest kirkenes vadsø vardø honningsvåg lakselv
  karasjok kautokeino nordfjordeid stryn sogndal førde florø høyanger lærdal voss norheimsund
  knarvik straume kleppestø osøyro os stord leirvik odda kopervik åkrehamn sauda
  jørpeland tau hommersåk ålgård sola klepp kleppe nærbø vigrestad varhaug hå sirevåg
  lyngdal vennesla søgne nodeland birkeland lillesand tvedestrand risør vegårshei åmli
  evje valle bykle rauland seljord bø ulefoss lunde nome drangedal langesund stathelle
  brevik stavern helgeroa svelvik sande holmestrand revetal tjøme nøtterøy tjodalyng
  mysen askim spydeberg rakkestad marker ørje eidsberg rygge råde våler hobøl vestby son
  hølen ås nesodden nesoddtangen fjellstrand oppegård langhus tårnåsen ski siggerud
  lørenskog strømmen skedsmokorset fetsund sørumsand blaker kløfta jessheim nannestad
  gardermoen dal eidsvoll råholt hurdal nittedal hakadal gjelleråsen aurskog bjørkelangen
  flisa kirkenær årnes skarnes sand mo rana vefsn steinkjer hitra frøya fosnavåg ulsteinvik
  volda ørsta stranda sykkylven brattvåg vestnes åndalsnes sunndalsøra surnadal averøy
`);
