/**
 * The most common leaked passwords (international, plus Spanish and Portuguese favourites), all
 * lowercase, used to turn away passwords that are trivially guessable.
 * Kept as one whitespace-separated string literal so the module stays compact.
 */
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn
555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda
summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder
taylor matrix william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer
silver 222222 88888888 anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111
golfer cookie richard samantha bigdog guitar jackson whatever mickey chicken sparky snoopy maverick
phoenix camaro peanut morgan welcome falcon cowboy ferrari samsung andrea smokey steelers joseph
mercedes dakota arsenal eagles melissa boomer booboo spider nascar monster tigers yellow xxxxxx
123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore banana junior hannah 123654
porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee scooby 0000 miller
boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox player
nikita knight fender barney midnight please brandy chicago badboy slayer rangers charles angel
flower bigdaddy rabbit wizard bigdick jasper enter rachel chris steven winner adidas victoria
natasha 1q2w3e4r jasmine winter prince panties marine ghbdtn fishing cocacola casper james 232323
raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321 golden 8675309 panther lauren
angela bitch spanky thx1138 angels madison winston shannon mike toyota jordan23 canada sophie apples
tiger blowme blink182 bandit hello123 loveme qwerty123 password1 password12 password123 abcdef
abcd1234 1q2w3e 1q2w3e4r5t aa123456 qwe123 asdf1234 zaq12wsx 1qazxsw2 qwertyu asdfghjkl zxcvbnm123
qazwsxedc 147258369 147258 159357 741852963 963852741 258456 123abc abc12345 a123456 a12345 123456a
123456q iloveyou1 iloveyou2 princess1 sunshine1 monkey1 dragon1 football1 baseball1 superman1
michael1 charlie1 jessica1 shadow1 master1 qwerty1 123qweasd 1qaz2wsx3edc welcome1 welcome123 admin
admin123 administrator root toor changeme default guest user login passw0rd p@ssw0rd p@ssword
pa55word pass123 pass1234 passwort letmein1 trustme secret1 secret123 god love123 lovely loveyou
iloveu iloveyou! babygirl baby angel1 anthony1 princesa estrella mariposa tequiero teamo teamo123
contraseña contrasena contraseña1 contrasena1 contraseña123 contrasena123 clave clave123 miclave
futbol futbol10 futbol123 barcelona barca realmadrid madrid madrid123 sevilla valencia betis
atletico atleti espana españa españa1 hola hola123 holahola amigo amigos amor amor123 amorcito
corazon cariño carino chocolate bonita bonito hermosa guapa guapo tesoro mimamá mama mama123 papa
papa123 familia mihijo mihija daniela alejandro alejandra carlos carlos123 javier jose josé manuel
antonio francisco juan juan123 maria maria123 mariana marta laura lucia lucía paula carmen isabel
elena sofia sofía valentina camila gabriela fernanda fernando sergio pablo diego david david123
miguel rafael raul raúl ricardo roberto mario pedro jorge luis luisa ana ana123 andres andrés
cristina patricia rosa pilar teresa monica mónica silvia beatriz natalia victor víctor adrian adrián
alvaro ivan iván hugo martina abril pokemon pokemon123 naruto goku dragonball mexico argentina
colombia chile peru venezuela bogota lima caracas 123456789a qwerty12 qwerty1234 asdasd asdasd123
qweqwe qweasd qweasdzxc zxczxc zxcasd 121212a 11223344 12341234 123451234 1234554321 1122334455
senha senha123 senha1234 senha12345 minhasenha mudar123 mudar mudarsenha brasil brasil123 flamengo
flamengo123 corinthians corinthians123 palmeiras palmeiras123 santos santos123 saopaulo vasco gremio
gremio123 cruzeiro internacional botafogo fluminense benfica benfica123 porto sporting portugal
portugal123 lisboa amizade saudade beijo beijos gatinha gatinho amor1234 meuamor teamomuito jesus
jesus123 jesuscristo deus deus123 deusefiel cristo fe esperanca esperança vitoria vitória felicidade
familia123 juliana fernanda123 gabriel gabriel123 lucas lucas123 mateus matheus pedro123 joao joão
joaquim rodrigo bruno felipe gustavo leonardo rafaela beatriz123 larissa leticia letícia amanda123
bruna carolina carolina123 vanessa aline priscila camila123 jessica123 tatiana renata sabrina simone
claudia cláudia adriana sandra luana isabela isabella eduardo marcelo marcos paulo ricardo123 thiago
tiago vinicius alexandre anderson andre andré daniel123 diego123 emerson fabio fábio henrique jonas
junior123 leandro maicon marcio mauricio nicolas otavio renato samuel sergio123 vitor wagner
wellington william123 chiquinha bolinha florzinha princesinha moranguinho fofinha fofinho docinho
neném nenem bebe bebê querida querido abacaxi banana123 batata cachorro gato gatito perro perrito
pelota mariposa1 dinero dinero123 playboy sexy sexy123 azerty azerty123 motdepasse motdepasse1
soleil bonjour bonjour123 chouchou doudou loulou marseille paris123 france nicolas123 camille julien
qwertz hallo passwort1 schatz fussball abcdefg abcdefgh abcdefghi abc abcd abcde abc1234 abcabc
aaa111 aaaa aaaaa aaaaaaa aaaaaaaa zzzzzz zzzzzzzz qqqqqq wwwwww 11111a 1111111111 00000000
000000000 0000000000 1212 121212121 112233445566 101010 202020 123 1234512345 123456123456
123456654321 123321123 123698745 147852369 159951 147852 258258 369369 456456 456789 654321a 789456
789456123 7894561230 852456 951753 987456 999999999 1010 2020 2021 2022 2023 2024 2025 1990 1991
1992 1993 1994 1995 1996 1997 1998 1999 1980 1985 1987 1988 1989 2001 2002 2003 2004 2005 2010 2012
2015 2018 2019 qwer asdf zxcv asdfg zxcvb qwert qazxsw wsxedc qwaszx 1qaz 2wsx zaq1 zaq1zaq1
zaq12wsx3edc xsw2 !qaz2wsx 1qaz@wsx qwerty! qwerty!@# !@#$%^ !@#$%^&* 1q2w3e4r5t6y
1q2w3e4r5t6y7u8i9o0p q1w2e3 q1w2e3r4t5y6 qwertyui qwertyuiop123 asdfghj asdfghjk zxcvbnm1 mnbvcxz
poiuytrewq lkjhgfdsa 0987654321 098765 5201314 520520 woaini woaini1314 aini1314 iloveyou123
iloveyou12 loveyou1 ihateyou fuckyou fuckyou1 fuckoff fuck shit asshole bullshit cunt pussy sex
sexsex penis dick hooters boobs tits blowjob horny naughty dirty qwerty123456 qwerty12345 password2
password3 password01 password! password@ passwords passpass pass1 pass12 mypassword mypass
newpassword nopassword secretpassword password1234 password12345 passwordpassword superstar
superman123 spiderman batman123 ironman hulk wolverine joker pokemon1 pikachu mario123 zelda sonic
tetris minecraft fortnite roblox counter warcraft starcraft diablo2 halo xbox xbox360 playstation
nintendo gamer gamer123 killer123 hunter2 hunter123 sniper gangster warrior soldier ninja samurai
viking pirate dragon123 dragons phoenix1 tigger1 tiger123 lion lions eagle eagle1 hawk falcon1 wolf
wolves bear bears shark sharks dolphin dolphins panda panda123 kitty kitten kitkat puppy doggie
doggy snowball fluffy muffin cupcake cookie1 cookies candy sugar honey honey123 sweety sweetie
sweetheart sweet cutie cute babyboy baby123 babygirl1 lovebug ladybug butterfly flowers rose roses
lily daisy sunflower rainbow unicorn angel123 angels1 heaven blessed faith hope grace destiny
trinity genesis jesus1 christ lord god123 amen blessing freedom1 liberty america usa123 texas
florida california newyork chicago1 boston1 dallas1 houston miami vegas hawaii jamaica mexico1
london1 england scotland ireland australia canada1 germany berlin italia roma milan napoli juventus
inter juve liverpool manchester manutd chelsea1 arsenal1 everton tottenham celtic rangers1 united
city barcelona1 realmadrid1 messi messi10 ronaldo ronaldo7 cr7 neymar neymar10 pele maradona zidane
beckham rooney kaka ronaldinho lakers1 bulls celtics knicks heat spurs yankees1 redsox1 mets dodgers
giants cubs packers bears1 steelers1 patriots broncos raiders1 saints jets dolphins1 vikings bengals
chargers seahawks 49ers ravens colts jordan1 kobe kobe24 lebron lebron23 shaq tiger1 tigerwoods nike
adidas1 puma reebok gucci prada chanel versace armani rolex ferrari1 porsche1 bmw bmw123 audi
audi123 mercedes1 honda honda123 toyota1 nissan mazda ford ford123 chevy chevrolet dodge jeep
harley1 ducati yamaha1 suzuki kawasaki volvo volkswagen golf fiat seat renault peugeot citroen apple
apple123 iphone ipod mac macbook google google123 yahoo hotmail gmail facebook twitter instagram
youtube tiktok whatsapp skype linkedin microsoft windows windows7 windows10 linux ubuntu android
samsung1 nokia motorola sony dell hp lenovo asus acer intel computer1 internet1 network server
system system32 database oracle mysql sql java python javascript php html coder hacker hacking
hacked letmein123 openup opensesame access1 access123 accessdenied enter123 welcome2 welcome12
hello1 hello12 hellohello helloworld hi hithere hey goodbye goodluck lucky lucky7 lucky13 luck seven
7777 77777 777777777 shadow123 blackjack poker casino money1 money123 cash dollar dollars rich
million billion gold golden1 silver1 diamond1 diamonds platinum crystal1 ruby emerald pearl jade
amber star stars starlight moon moonlight sun sunny sunrise sunset sky blue blue123 red red123 green
green123 black black123 white purple1 pink pink123 orange1 yellow1 brown grey gray violet summer1
summer123 winter1 spring autumn fall january february march april may june july august september
october november december monday friday sunday weekend holiday christmas xmas easter halloween
birthday happy happy123 happiness smile smiley funny fun party music music123 rock rocknroll metal
metallica nirvana beatles eminem slipknot linkinpark guitar1 piano drums drummer singer dance dancer
dancing school school123 student teacher college university class science family1 friends friend
friendship bestfriend buddy brother sister mommy daddy mom dad mother1 father parents husband wife
wife123 married michael123 andrew1 daniel1 david1 james1 john john123 johnny1 joseph1 thomas1
robert1 richard1 william1 charles1 christopher chris123 matthew1 joshua1 jason jason123 justin1
brandon1 ryan tyler kevin brian steve stephen scott eric jeremy jeremy1 aaron adam alex alex123
alexander alexandra alexis alice alicia allison amber1 amy angela1 anna annie april1 ashley1 barbara
betty brittany caroline catherine charlotte chelsea2 christina christine cindy claire crystal2
cynthia danielle dawn deborah denise diana donna dorothy elizabeth emily emma erica erin eva hannah1
heather1 helen holly jackie jacqueline jamie jane janet jenny jennifer1 jessie jill joanna jocelyn
julia julie karen kate katherine kathy katie kelly kim kimberly kristen laura1 lauren1 leslie linda
lisa lori lucy mandy margaret maria1 marie marilyn mary megan melanie melissa1 michelle1 molly nancy
natalie nicole1 olivia pamela patricia1 rachel1 rebecca sabrina1 sally sandra1 sara sarah sarah1
sharon shelby sophia stephanie susan tammy tanya tiffany tina tracy vanessa1 veronica victoria1
wendy whitney benjamin brad bradley cameron carl chad charlie2 cody colin connor craig dennis derek
dustin edward1 frank gary gregory harry henry jack jacob jake jeffrey jesse joe jonathan jordan2
kyle larry mark martin1 max maxwell nathan nick nicholas paul peter philip ray samuel1 sean shawn
simon spencer stanley travis trevor troy walter wayne zachary buster1 bailey1 max123 charlie123
rocky rocky1 lucky1 buddy1 bella bella123 molly1 daisy1 coco sadie lola chloe zoe luna oscar toby
duke bandit1 rusty sammy simba nala scooby1 snoopy1 garfield felix tom jerry mickey1 minnie donald
goofy pluto disney tinkerbell barbie shrek starwars1 jedi yoda vader skywalker anakin obiwan
chewbacca r2d2 c3po startrek spock kirk enterprise matrix1 neo morpheus trinity1 zion harrypotter
hermione hogwarts gandalf1 frodo legolas aragorn sauron mordor hobbit gollum precious narnia batman1
robin joker1 superman2 asdf123 asd123 asdasdasd qweqweqwe zxc123 zxcvbn123 qaz123 wsx123 1234abcd
abcd123 123abc123 a1b2c3 a1b2c3d4 abc123456 1a2b3c 1a2b3c4d aaa123 aaaa1111 aa1234 qq123456 q123456
z123456 zz123456 w123456 123456z 123456qq 12qwaszx 12qwerty 123qweasdzxc 1234qwerasdf 1qazxsw23edc
pass@123 admin@123 admin1 admin1234 admin12345 adminadmin root123 toor123 test1 test12 test123
test1234 testing testing123 tester demo demo123 user1 user123 username guest123 temp temp123
temppass sample example master123 master12 mastermind supervisor manager manager1 office office123
company business sales marketing support service services qwerty7 qwerty11 qwerty22 qwerty01 1qwerty
qwertyqwerty qwerasdf
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  LIST.split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => word.normalize("NFC").toLowerCase()),
);

/** True when the password, compared case-insensitively (and NFC-normalised), is on the common list. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.normalize("NFC").toLowerCase());
}
