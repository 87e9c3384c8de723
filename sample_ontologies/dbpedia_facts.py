"""Instance data for the DBpedia sample: real facts first, then synthetic filler.

Real entities are keyed by a DBpedia-style resource name (``"Ken_Dryden"``,
formed from the English Wikipedia title) and state facts we are confident of;
populations and coordinates are rounded, approximate values. A few works
(e.g. TV theme tunes) have no Wikipedia article of their own; their names are
formed the same way and may not resolve on the live DBpedia. Synthetic entities are keyed ``"syn:..."`` and land in a
separate namespace, so nobody mistakes them for DBpedia resources. Property
names are dbo local names; ``lat``/``long`` are WGS84 coordinates.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

US = "United_States"
CA = "Canada"


@dataclass
class Entity:
    cls: str
    label: str
    props: dict[str, list] = field(default_factory=dict)


class Facts:
    def __init__(self) -> None:
        self.entities: dict[str, Entity] = {}

    def add(self, key: str, cls: str, label: str | None = None, **props: object) -> str:
        if key in self.entities:
            raise ValueError(f"{key} is added twice")
        self.entities[key] = Entity(cls, label or default_label(key))
        self.set(key, **props)
        return key

    def set(self, key: str, **props: object) -> None:
        entity = self.entities[key]
        for prop, value in props.items():
            if value is None:
                continue
            values = value if isinstance(value, (list, tuple)) else [value]
            if not values:
                continue
            bucket = entity.props.setdefault(prop, [])
            bucket.extend(v for v in values if v not in bucket)


def default_label(key: str) -> str:
    name = key.removeprefix("syn:").replace("_", " ")
    return re.sub(r" \([^)]*\)$", "", name)


# -- places -------------------------------------------------------------------

CONTINENTS = ["North_America", "South_America", "Europe", "Asia", "Africa", "Oceania"]

LANGUAGES = [
    "English_language", "French_language", "German_language", "Spanish_language",
    "Russian_language", "Swedish_language", "Finnish_language", "Japanese_language",
    "Italian_language", "Czech_language", "Standard_Chinese", "Portuguese_language",
    "Dutch_language", "Norwegian_language", "Danish_language", "Romanian_language",
    "Slovak_language", "Hawaiian_language",
]

# key, continent, capital, rounded population, official language(s), ISO 3166-1 code
COUNTRIES = [
    (US, "North_America", "Washington,_D.C.", 331_000_000, ["English_language"], "US"),
    (CA, "North_America", "Ottawa", 37_000_000, ["English_language", "French_language"], "CA"),
    ("Mexico", "North_America", "Mexico_City", 126_000_000, ["Spanish_language"], "MX"),
    ("Jamaica", "North_America", "Kingston,_Jamaica", 2_800_000, ["English_language"], "JM"),
    ("Brazil", "South_America", "Brasília", 203_000_000, ["Portuguese_language"], "BR"),
    ("United_Kingdom", "Europe", "London", 67_000_000, ["English_language"], "GB"),
    ("Ireland", "Europe", "Dublin", 5_100_000, ["English_language"], "IE"),
    ("France", "Europe", "Paris", 68_000_000, ["French_language"], "FR"),
    ("Germany", "Europe", "Berlin", 83_000_000, ["German_language"], "DE"),
    ("Italy", "Europe", "Rome", 59_000_000, ["Italian_language"], "IT"),
    ("Spain", "Europe", "Madrid", 48_000_000, ["Spanish_language"], "ES"),
    ("Netherlands", "Europe", "Amsterdam", 17_600_000, ["Dutch_language"], "NL"),
    ("Switzerland", "Europe", "Bern", 8_700_000, ["German_language", "French_language", "Italian_language"], "CH"),
    ("Austria", "Europe", "Vienna", 9_000_000, ["German_language"], "AT"),
    ("Sweden", "Europe", "Stockholm", 10_400_000, ["Swedish_language"], "SE"),
    ("Finland", "Europe", "Helsinki", 5_500_000, ["Finnish_language", "Swedish_language"], "FI"),
    ("Norway", "Europe", "Oslo", 5_400_000, ["Norwegian_language"], "NO"),
    ("Denmark", "Europe", "Copenhagen", 5_900_000, ["Danish_language"], "DK"),
    ("Czech_Republic", "Europe", "Prague", 10_500_000, ["Czech_language"], "CZ"),
    ("Slovakia", "Europe", "Bratislava", 5_400_000, ["Slovak_language"], "SK"),
    ("Romania", "Europe", "Bucharest", 19_000_000, ["Romanian_language"], "RO"),
    ("Russia", "Europe", "Moscow", 146_000_000, ["Russian_language"], "RU"),
    ("Japan", "Asia", "Tokyo", 125_000_000, ["Japanese_language"], "JP"),
    ("China", "Asia", "Beijing", 1_410_000_000, ["Standard_Chinese"], "CN"),
    ("India", "Asia", "New_Delhi", 1_400_000_000, ["English_language"], "IN"),
    ("South_Africa", "Africa", "Pretoria", 60_000_000, ["English_language"], "ZA"),
    ("Australia", "Oceania", "Canberra", 25_700_000, ["English_language"], "AU"),
]

US_STATES = [
    "Alabama", "Arizona", "California", "Colorado", "Connecticut", "Florida",
    "Georgia_(U.S._state)", "Hawaii", "Idaho", "Illinois", "Kentucky", "Louisiana",
    "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri",
    "Nevada", "New_Jersey", "New_York_(state)", "North_Carolina", "Ohio", "Oregon",
    "Pennsylvania", "South_Carolina", "Tennessee", "Texas", "Virginia",
    "Washington_(state)", "Wisconsin",
]
CA_PROVINCES = ["Alberta", "British_Columbia", "Manitoba", "Nova_Scotia", "Ontario", "Quebec", "Saskatchewan"]
STATE_CAPITALS = {"Massachusetts": "Boston", "Hawaii": "Honolulu", "Georgia_(U.S._state)": "Atlanta",
                  "Arizona": "Phoenix,_Arizona", "Colorado": "Denver", "Tennessee": "Nashville,_Tennessee",
                  "Ontario": "Toronto", "Quebec": "Quebec_City", "Alberta": "Edmonton",
                  "British_Columbia": "Victoria,_British_Columbia", "Nova_Scotia": "Halifax,_Nova_Scotia",
                  "Manitoba": "Winnipeg", "Minnesota": "Saint_Paul,_Minnesota", "Texas": "Austin,_Texas"}

# key, class, country, state/region or None, rounded population or None, lat, long
SETTLEMENTS = [
    # United States
    ("New_York_City", "City", US, "New_York_(state)", 8_800_000, 40.7128, -74.0060),
    ("Los_Angeles", "City", US, "California", 3_900_000, 34.0522, -118.2437),
    ("Chicago", "City", US, "Illinois", 2_750_000, 41.8781, -87.6298),
    ("Houston", "City", US, "Texas", 2_300_000, 29.7604, -95.3698),
    ("Phoenix,_Arizona", "City", US, "Arizona", 1_610_000, 33.4484, -112.0740),
    ("Philadelphia", "City", US, "Pennsylvania", 1_600_000, 39.9526, -75.1652),
    ("San_Diego", "City", US, "California", 1_390_000, 32.7157, -117.1611),
    ("Dallas", "City", US, "Texas", 1_300_000, 32.7767, -96.7970),
    ("Austin,_Texas", "City", US, "Texas", 960_000, 30.2672, -97.7431),
    ("San_Francisco", "City", US, "California", 870_000, 37.7749, -122.4194),
    ("Seattle", "City", US, "Washington_(state)", 740_000, 47.6062, -122.3321),
    ("Denver", "City", US, "Colorado", 715_000, 39.7392, -104.9903),
    ("Washington,_D.C.", "City", US, None, 690_000, 38.9072, -77.0369),
    ("Boston", "City", US, "Massachusetts", 675_000, 42.3601, -71.0589),
    ("Nashville,_Tennessee", "City", US, "Tennessee", 690_000, 36.1627, -86.7816),
    ("Detroit", "City", US, "Michigan", 640_000, 42.3314, -83.0458),
    ("Portland,_Oregon", "City", US, "Oregon", 650_000, 45.5152, -122.6784),
    ("Las_Vegas", "City", US, "Nevada", 640_000, 36.1699, -115.1398),
    ("Baltimore", "City", US, "Maryland", 585_000, 39.2904, -76.6122),
    ("Milwaukee", "City", US, "Wisconsin", 577_000, 43.0389, -87.9065),
    ("Atlanta", "City", US, "Georgia_(U.S._state)", 499_000, 33.7490, -84.3880),
    ("Tucson,_Arizona", "City", US, "Arizona", 543_000, 32.2226, -110.9747),
    ("Miami", "City", US, "Florida", 442_000, 25.7617, -80.1918),
    ("Minneapolis", "City", US, "Minnesota", 430_000, 44.9778, -93.2650),
    ("Saint_Paul,_Minnesota", "City", US, "Minnesota", 311_000, 44.9537, -93.0900),
    ("New_Orleans", "City", US, "Louisiana", 384_000, 29.9511, -90.0715),
    ("Honolulu", "City", US, "Hawaii", 350_000, 21.3069, -157.8583),
    ("Pittsburgh", "City", US, "Pennsylvania", 303_000, 40.4406, -79.9959),
    ("St._Louis", "City", US, "Missouri", 302_000, 38.6270, -90.1994),
    ("Cleveland", "City", US, "Ohio", 373_000, 41.4993, -81.6944),
    ("Louisville,_Kentucky", "City", US, "Kentucky", 620_000, 38.2527, -85.7585),
    ("Birmingham,_Alabama", "City", US, "Alabama", 200_000, 33.5186, -86.8104),
    ("Norfolk,_Virginia", "City", US, "Virginia", 238_000, 36.8508, -76.2859),
    ("Newport_News,_Virginia", "City", US, "Virginia", 186_000, 37.0871, -76.4730),
    ("Long_Beach,_California", "City", US, "California", 467_000, 33.7701, -118.1937),
    ("Scottsdale,_Arizona", "City", US, "Arizona", 242_000, 33.4942, -111.9261),
    ("Beverly_Hills,_California", "City", US, "California", 33_000, 34.0736, -118.4004),
    ("San_Mateo,_California", "City", US, "California", 105_000, 37.5630, -122.3255),
    ("El_Cajon,_California", "City", US, "California", 106_000, 32.7948, -116.9625),
    ("Alameda,_California", "City", US, "California", 78_000, 37.7652, -122.2416),
    ("Stanford,_California", "Town", US, "California", 16_000, 37.4241, -122.1661),
    ("Cambridge,_Massachusetts", "City", US, "Massachusetts", 118_000, 42.3736, -71.1097),
    ("Fall_River,_Massachusetts", "City", US, "Massachusetts", 94_000, 41.7015, -71.1550),
    ("Winthrop,_Massachusetts", "Town", US, "Massachusetts", 19_000, 42.3751, -70.9828),
    ("North_Easton,_Massachusetts", "Village", US, "Massachusetts", 5_000, 42.0701, -71.1120),
    ("Ithaca,_New_York", "City", US, "New_York_(state)", 32_000, 42.4440, -76.5019),
    ("Floral_Park,_New_York", "Village", US, "New_York_(state)", 16_000, 40.7237, -73.7049),
    ("Princeton,_New_Jersey", "Town", US, "New_Jersey", 31_000, 40.3573, -74.6672),
    ("Passaic,_New_Jersey", "City", US, "New_Jersey", 70_000, 40.8568, -74.1285),
    ("Bayonne,_New_Jersey", "City", US, "New_Jersey", 71_000, 40.6687, -74.1143),
    ("Camden,_New_Jersey", "City", US, "New_Jersey", 71_000, 39.9259, -75.1196),
    ("New_Haven,_Connecticut", "City", US, "Connecticut", 134_000, 41.3083, -72.9279),
    ("Redding,_Connecticut", "Town", US, "Connecticut", 9_000, 41.3026, -73.3837),
    ("College_Park,_Maryland", "City", US, "Maryland", 35_000, 38.9807, -76.9369),
    ("Wilmington,_North_Carolina", "City", US, "North_Carolina", 115_000, 34.2257, -77.9447),
    ("Mount_Pleasant,_South_Carolina", "Town", US, "South_Carolina", 91_000, 32.7941, -79.8626),
    ("Charleston,_South_Carolina", "City", US, "South_Carolina", 150_000, 32.7765, -79.9311),
    ("Greenville,_Mississippi", "City", US, "Mississippi", 30_000, 33.4101, -91.0618),
    ("Oak_Park,_Illinois", "Village", US, "Illinois", 54_000, 41.8850, -87.7845),
    ("Evanston,_Illinois", "City", US, "Illinois", 78_000, 42.0451, -87.6877),
    ("East_St._Louis,_Illinois", "City", US, "Illinois", 19_000, 38.6245, -90.1509),
    ("Oakville,_Alabama", "Town", US, "Alabama", None, 34.4373, -87.3403),
    ("Sylvania,_Ohio", "City", US, "Ohio", 19_000, 41.7189, -83.7130),
    ("Ketchum,_Idaho", "City", US, "Idaho", 3_500, 43.6807, -114.3637),
    ("Florida,_Missouri", "Village", US, "Missouri", None, 39.4906, -91.7910),
    ("Ann_Arbor,_Michigan", "City", US, "Michigan", 124_000, 42.2808, -83.7430),
    ("Columbus,_Ohio", "City", US, "Ohio", 906_000, 39.9612, -82.9988),
    # Canada
    ("Toronto", "City", CA, "Ontario", 2_790_000, 43.6532, -79.3832),
    ("Montreal", "City", CA, "Quebec", 1_760_000, 45.5017, -73.5673),
    ("Calgary", "City", CA, "Alberta", 1_310_000, 51.0447, -114.0719),
    ("Edmonton", "City", CA, "Alberta", 1_010_000, 53.5461, -113.4938),
    ("Ottawa", "City", CA, "Ontario", 1_020_000, 45.4215, -75.6972),
    ("Winnipeg", "City", CA, "Manitoba", 750_000, 49.8951, -97.1384),
    ("Vancouver", "City", CA, "British_Columbia", 662_000, 49.2827, -123.1207),
    ("Victoria,_British_Columbia", "City", CA, "British_Columbia", 92_000, 48.4284, -123.3656),
    ("Quebec_City", "City", CA, "Quebec", 549_000, 46.8139, -71.2080),
    ("Hamilton,_Ontario", "City", CA, "Ontario", 569_000, 43.2557, -79.8711),
    ("Halifax,_Nova_Scotia", "City", CA, "Nova_Scotia", 440_000, 44.6488, -63.5752),
    ("Brantford", "City", CA, "Ontario", 105_000, 43.1394, -80.2644),
    ("Burnaby", "City", CA, "British_Columbia", 249_000, 49.2488, -122.9805),
    ("Greater_Sudbury", "City", CA, "Ontario", 166_000, 46.4917, -80.9930),
    ("Parry_Sound,_Ontario", "Town", CA, "Ontario", 6_900, 45.3472, -80.0353),
    ("Oxbow,_Saskatchewan", "Town", CA, "Saskatchewan", 1_300, 49.2308, -102.1750),
    ("Shaunavon", "Town", CA, "Saskatchewan", 1_700, 49.6497, -108.4150),
    ("Floral,_Saskatchewan", "Village", CA, "Saskatchewan", None, 52.0333, -106.5667),
    # elsewhere
    ("London", "City", "United_Kingdom", None, 8_800_000, 51.5074, -0.1278),
    ("Liverpool", "City", "United_Kingdom", None, 490_000, 53.4084, -2.9916),
    ("Winchester", "City", "United_Kingdom", None, 45_000, 51.0632, -1.3080),
    ("Bournemouth", "Town", "United_Kingdom", None, 190_000, 50.7192, -1.8808),
    ("Oxford", "City", "United_Kingdom", None, 162_000, 51.7520, -1.2577),
    ("Cambridge", "City", "United_Kingdom", None, 146_000, 52.2053, 0.1218),
    ("Exeter", "City", "United_Kingdom", None, 131_000, 50.7184, -3.5339),
    ("Portsmouth", "City", "United_Kingdom", None, 208_000, 50.8198, -1.0880),
    ("Yate", "Town", "United_Kingdom", None, 27_000, 51.5402, -2.4184),
    ("Steventon,_Hampshire", "Village", "United_Kingdom", None, None, 51.2312, -1.2224),
    ("Dublin", "City", "Ireland", None, 590_000, 53.3498, -6.2603),
    ("Paris", "City", "France", None, 2_100_000, 48.8566, 2.3522),
    ("Berlin", "City", "Germany", None, 3_700_000, 52.5200, 13.4050),
    ("Rome", "City", "Italy", None, 2_800_000, 41.9028, 12.4964),
    ("Madrid", "City", "Spain", None, 3_300_000, 40.4168, -3.7038),
    ("Amsterdam", "City", "Netherlands", None, 900_000, 52.3676, 4.9041),
    ("Bern", "City", "Switzerland", None, 134_000, 46.9480, 7.4474),
    ("Geneva", "City", "Switzerland", None, 203_000, 46.2044, 6.1432),
    ("Vienna", "City", "Austria", None, 1_900_000, 48.2082, 16.3738),
    ("Stockholm", "City", "Sweden", None, 980_000, 59.3293, 18.0686),
    ("Helsinki", "City", "Finland", None, 660_000, 60.1699, 24.9384),
    ("Oslo", "City", "Norway", None, 700_000, 59.9139, 10.7522),
    ("Copenhagen", "City", "Denmark", None, 640_000, 55.6761, 12.5683),
    ("Prague", "City", "Czech_Republic", None, 1_300_000, 50.0755, 14.4378),
    ("Bratislava", "City", "Slovakia", None, 475_000, 48.1486, 17.1077),
    ("Bucharest", "City", "Romania", None, 1_800_000, 44.4268, 26.1025),
    ("Onești", "City", "Romania", None, 39_000, 46.2500, 26.7500),
    ("Timișoara", "City", "Romania", None, 250_000, 45.7489, 21.2087),
    ("Moscow", "City", "Russia", None, 12_600_000, 55.7558, 37.6173),
    ("Saint_Petersburg", "City", "Russia", None, 5_400_000, 59.9311, 30.3609),
    ("Tokyo", "City", "Japan", None, 14_000_000, 35.6762, 139.6503),
    ("Beijing", "City", "China", None, 21_900_000, 39.9042, 116.4074),
    ("Tianjin", "City", "China", None, 13_900_000, 39.3434, 117.3616),
    ("Weifang", "City", "China", None, 9_400_000, 36.7069, 119.1618),
    ("New_Delhi", "City", "India", None, 250_000, 28.6139, 77.2090),
    ("Motihari", "City", "India", None, 130_000, 26.6470, 84.9089),
    ("Pretoria", "City", "South_Africa", None, 740_000, -25.7479, 28.2293),
    ("Bloemfontein", "City", "South_Africa", None, 260_000, -29.0852, 26.1596),
    ("Canberra", "City", "Australia", None, 430_000, -35.2809, 149.1300),
    ("Sydney", "City", "Australia", None, 5_300_000, -33.8688, 151.2093),
    ("Melbourne", "City", "Australia", None, 5_000_000, -37.8136, 144.9631),
    ("Mackay,_Queensland", "City", "Australia", None, 80_000, -21.1411, 149.1860),
    ("Kingston,_Jamaica", "City", "Jamaica", None, 670_000, 17.9712, -76.7936),
    ("Mexico_City", "City", "Mexico", None, 9_200_000, 19.4326, -99.1332),
    ("Acapulco", "City", "Mexico", None, 780_000, 16.8531, -99.8237),
    ("Brasília", "City", "Brazil", None, 2_800_000, -15.7939, -47.8828),
    ("Buenos_Aires", "City", None, None, 3_100_000, -34.6037, -58.3816),
]


def add_places(f: Facts) -> None:
    for name in CONTINENTS:
        f.add(name, "Continent")
    for name in LANGUAGES:
        f.add(name, "Language")
    for key, continent, capital, population, languages, iso in COUNTRIES:
        f.add(key, "Country", continent=continent, populationTotal=population,
              officialLanguage=languages, iso31661Code=iso)
    for name in US_STATES:
        f.add(name, "AdministrativeRegion", country=US)
    for name in CA_PROVINCES:
        f.add(name, "AdministrativeRegion", country=CA)
    f.add("Argentina", "Country", continent="South_America", populationTotal=46_000_000,
          officialLanguage="Spanish_language", iso31661Code="AR")
    for key, cls, country, state, population, lat, long in SETTLEMENTS:
        f.add(key, cls, country=country or "Argentina", state=state, populationTotal=population, lat=lat, long=long)
    for key, continent, capital, *_ in COUNTRIES:
        f.set(key, capital=capital)
    f.set("Argentina", capital="Buenos_Aires")
    for region, capital in STATE_CAPITALS.items():
        f.set(region, capital=capital)
    f.set(US, largestCity="New_York_City")
    f.set(CA, largestCity="Toronto")
    f.set("Australia", largestCity="Sydney")
    f.set("China", largestCity="Beijing")
    # Places that are neither settlements nor countries.
    f.add("Pearl_Harbor", "Bay", country=US, state="Hawaii", nearestCity="Honolulu", lat=21.3445, long=-157.9744)
    f.add("La_Jolla", "Settlement", label="La Jolla", country=US, state="California", lat=32.8328, long=-117.2713)
    f.add("Hollywood", "Settlement", country=US, state="California", lat=34.0928, long=-118.3287)
    f.add("Yasnaya_Polyana", "HistoricPlace", label="Yasnaya Polyana", country="Russia", lat=54.0747, long=37.5264)
    f.add("Astapovo", "Village", country="Russia", lat=53.1500, long=39.4500)
    f.add("Lake_Ontario", "Lake", country=[US, CA], areaTotal=1.896e10, lat=43.7, long=-77.9)
    f.add("Lake_Superior", "Lake", country=[US, CA], areaTotal=8.21e10, lat=47.7, long=-87.5)
    f.add("Gulf_of_Mexico", "Bay", country=[US, "Mexico"], lat=25.0, long=-90.0)
    f.add("Mississippi_River", "River", country=US, riverMouth="Gulf_of_Mexico", length=3.73e6, lat=29.15, long=-89.25)
    f.add("Saint_Lawrence_River", "River", country=CA, length=1.197e6, lat=46.8, long=-71.2)
    f.add("Thames", "River", label="River Thames", country="United_Kingdom", mouthCountry="United_Kingdom",
          length=3.46e5, lat=51.5, long=0.6)
    f.add("Mount_Everest", "Mountain", elevation=8848.86, firstAscentYear=1953,
          firstAscentPerson=["Edmund_Hillary", "Tenzing_Norgay"], lat=27.9881, long=86.9250)
    f.add("Denali", "Mountain", country=US, state=None, elevation=6190.0, firstAscentYear=1913,
          lat=63.0692, long=-151.0070)
    f.add("Mont_Blanc", "Mountain", country=["France", "Italy"], elevation=4808.0, firstAscentYear=1786,
          lat=45.8326, long=6.8652)
    f.add("Edmund_Hillary", "Person", birthDate="1919-07-20", deathDate="2008-01-11")
    f.add("Tenzing_Norgay", "Person", deathDate="1986-05-09")


# -- ice hockey ----------------------------------------------------------------

HOCKEY_TEAMS = [
    # key, city, founding year
    ("Montreal_Canadiens", "Montreal", 1909), ("Toronto_Maple_Leafs", "Toronto", 1917),
    ("Boston_Bruins", "Boston", 1924), ("Detroit_Red_Wings", "Detroit", 1926),
    ("Chicago_Blackhawks", "Chicago", 1926), ("New_York_Rangers", "New_York_City", 1926),
    ("Edmonton_Oilers", "Edmonton", 1972), ("Los_Angeles_Kings", "Los_Angeles", 1967),
    ("Pittsburgh_Penguins", "Pittsburgh", 1967), ("St._Louis_Blues", "St._Louis", 1967),
    ("Calgary_Flames", "Calgary", 1972), ("Colorado_Avalanche", "Denver", 1972),
    ("Atlanta_Flames", "Atlanta", 1972), ("Minnesota_North_Stars", "Minneapolis", 1967),
    ("Hartford_Whalers", None, 1972),
]


def add_hockey(f: Facts) -> None:
    f.add("National_Hockey_League", "IceHockeyLeague", foundingYear=1917, headquarter="New_York_City")
    f.add("Ice_hockey", "Sport")
    for key, city, year in HOCKEY_TEAMS:
        f.add(key, "HockeyTeam", league="National_Hockey_League", city=city, foundingYear=year, sport="Ice_hockey")
    for key, country in (("Canada_men's_national_ice_hockey_team", CA),
                         ("United_States_men's_national_ice_hockey_team", US),
                         ("Canada_women's_national_ice_hockey_team", CA)):
        f.add(key, "HockeyTeam", country=country, sport="Ice_hockey")
    canada, usa = "Canada_men's_national_ice_hockey_team", "United_States_men's_national_ice_hockey_team"
    players = [
        # key, birth date, birth place, number, shoots, height (m), teams...
        ("Wayne_Gretzky", "1961-01-26", "Brantford", 99, "Left", 1.83,
         ["Edmonton_Oilers", "Los_Angeles_Kings", "St._Louis_Blues", "New_York_Rangers"], canada),
        ("Gordie_Howe", "1928-03-31", "Floral,_Saskatchewan", 9, "Right", 1.83,
         ["Detroit_Red_Wings", "Hartford_Whalers"], None),
        ("Bobby_Orr", "1948-03-20", "Parry_Sound,_Ontario", 4, "Left", 1.83,
         ["Boston_Bruins", "Chicago_Blackhawks"], canada),
        ("Ken_Dryden", "1947-08-08", "Hamilton,_Ontario", 29, None, 1.93, ["Montreal_Canadiens"], canada),
        ("Jacques_Plante", "1929-01-17", None, 1, None, None,
         ["Montreal_Canadiens", "New_York_Rangers", "St._Louis_Blues", "Toronto_Maple_Leafs", "Boston_Bruins"], None),
        ("Theoren_Fleury", "1968-06-29", "Oxbow,_Saskatchewan", 14, "Right", 1.68,
         ["Calgary_Flames", "Colorado_Avalanche", "New_York_Rangers", "Chicago_Blackhawks"], canada),
        ("Jim_Craig", "1957-05-31", "North_Easton,_Massachusetts", 30, None, None,
         ["Atlanta_Flames", "Boston_Bruins", "Minnesota_North_Stars"], usa),
        ("Mike_Eruzione", "1954-10-25", "Winthrop,_Massachusetts", 21, None, None, [], usa),
        ("Mario_Lemieux", "1965-10-05", "Montreal", 66, "Right", 1.93, ["Pittsburgh_Penguins"], canada),
        ("Joe_Sakic", "1969-07-07", "Burnaby", 19, "Left", None, ["Colorado_Avalanche"], canada),
        ("Hayley_Wickenheiser", "1978-08-12", "Shaunavon", 22, None, None, [],
         "Canada_women's_national_ice_hockey_team"),
    ]
    for key, born, place, number, shoots, height, teams, national in players:
        f.add(key, "IceHockeyPlayer", birthDate=born, birthPlace=place, number=number, shoots=shoots,
              height=height, formerTeam=teams, nationalTeam=national,
              nationality=US if national == usa else CA)
    f.add("Sidney_Crosby", "IceHockeyPlayer", birthDate="1987-08-07", birthPlace="Halifax,_Nova_Scotia",
          number=87, shoots="Left", height=1.80, team="Pittsburgh_Penguins", draftTeam="Pittsburgh_Penguins",
          draftYear=2005, nationalTeam=canada, nationality=CA)
    f.set("Mario_Lemieux", draftTeam="Pittsburgh_Penguins", draftYear=1984)
    f.set("Theoren_Fleury", draftTeam="Calgary_Flames", draftYear=1987)
    f.set("Ken_Dryden", draftTeam="Boston_Bruins", draftYear=1964, almaMater="Cornell_University")
    f.set("Gordie_Howe", deathDate="2016-06-10", deathPlace="Sylvania,_Ohio")
    f.set("Jim_Craig", almaMater="Boston_University")
    f.set("Mike_Eruzione", almaMater="Boston_University")
    f.add("Rick_Reilly", "Journalist")
    f.add("Roy_MacGregor", "Journalist")
    f.add("Kirstie_McLellan_Day", "Writer")
    books = [
        ("The_Game_(Dryden_book)", "The Game", ["Ken_Dryden"], "1983"),
        ("Home_Game_(book)", "Home Game: Hockey and Life in Canada", ["Ken_Dryden", "Roy_MacGregor"], "1989"),
        ("Becoming_Canada", "Becoming Canada", ["Ken_Dryden"], "2010"),
        ("Gretzky:_An_Autobiography", "Gretzky: An Autobiography", ["Wayne_Gretzky", "Rick_Reilly"], "1990"),
        ("Mr._Hockey:_My_Story", "Mr. Hockey: My Story", ["Gordie_Howe"], "2014"),
        ("Orr:_My_Story", "Orr: My Story", ["Bobby_Orr"], "2013"),
        ("Playing_with_Fire_(Fleury_book)", "Playing with Fire", ["Theoren_Fleury", "Kirstie_McLellan_Day"], "2009"),
        ("Gold_Medal_Strategies", "Gold Medal Strategies", ["Jim_Craig"], "2011"),
    ]
    for key, label, authors, year in books:
        f.add(key, "Book", label=label, author=authors, year=int(year), originalLanguage="English_language",
              genre="Sports_memoir" if "Story" in label or "Autobiography" in label else None)
    f.set("Gretzky:_An_Autobiography", publisher="HarperCollins")
    f.add("Ice_hockey_at_the_1980_Winter_Olympics", "OlympicEvent",
          label="Ice hockey at the 1980 Winter Olympics", goldMedalist=["Jim_Craig", "Mike_Eruzione"],
          location="Lake_Placid,_New_York", year=1980, sport="Ice_hockey")
    f.add("Ice_hockey_at_the_2002_Winter_Olympics_–_Men's_tournament", "OlympicEvent",
          label="Ice hockey at the 2002 Winter Olympics – Men's tournament",
          goldMedalist=["Mario_Lemieux", "Joe_Sakic", "Theoren_Fleury"], year=2002, sport="Ice_hockey")
    f.add("Ice_hockey_at_the_2010_Winter_Olympics_–_Men's_tournament", "OlympicEvent",
          label="Ice hockey at the 2010 Winter Olympics – Men's tournament",
          goldMedalist="Sidney_Crosby", location="Vancouver", year=2010, sport="Ice_hockey")
    f.add("Lake_Placid,_New_York", "Village", country=US, state="New_York_(state)",
          populationTotal=2_200, lat=44.2795, long=-73.9799)
    f.add("Sports_memoir", "Genre", label="sports memoir")


# -- Olympic champions who wrote books ---------------------------------------

def add_olympians(f: Facts) -> None:
    f.add("Athletics_(sport)", "Sport", label="Athletics")
    f.add("Swimming_(sport)", "Sport", label="Swimming")
    f.add("Boxing", "Sport")
    f.add("Diving_(sport)", "Sport", label="Diving")
    f.add("Gymnastics", "Sport")
    champions = [
        # key, class, birth date, birth place, death date, death place, nationality
        ("Jesse_Owens", "AthleticsPlayer", "1913-09-12", "Oakville,_Alabama", "1980-03-31", "Tucson,_Arizona", US),
        ("Muhammad_Ali", "Boxer", "1942-01-17", "Louisville,_Kentucky", "2016-06-03", "Scottsdale,_Arizona", US),
        ("Carl_Lewis", "AthleticsPlayer", "1961-07-01", "Birmingham,_Alabama", None, None, US),
        ("Usain_Bolt", "AthleticsPlayer", "1986-08-21", None, None, None, "Jamaica"),
        ("Michael_Phelps", "Swimmer", "1985-06-30", "Baltimore", None, None, US),
        ("Cathy_Freeman", "AthleticsPlayer", "1973-02-16", "Mackay,_Queensland", None, None, "Australia"),
        ("Duke_Kahanamoku", "Swimmer", "1890-08-24", "Honolulu", "1968-01-22", "Honolulu", US),
        ("Johnny_Weissmuller", "Swimmer", "1904-06-02", "Timișoara", "1984-01-20", "Acapulco", US),
        ("Eric_Liddell", "AthleticsPlayer", "1902-01-16", "Tianjin", "1945-02-21", "Weifang", "United_Kingdom"),
        ("Greg_Louganis", "Athlete", "1960-01-29", "El_Cajon,_California", None, None, US),
        ("Jackie_Joyner-Kersee", "AthleticsPlayer", "1962-03-03", "East_St._Louis,_Illinois", None, None, US),
        ("Nadia_Comăneci", "Gymnast", "1961-11-12", "Onești", None, None, "Romania"),
        ("Sebastian_Coe", "AthleticsPlayer", "1956-09-29", "London", None, None, "United_Kingdom"),
        ("Bob_Beamon", "AthleticsPlayer", "1946-08-29", "New_York_City", None, None, US),
    ]
    for key, cls, born, bplace, died, dplace, nation in champions:
        f.add(key, cls, birthDate=born, birthPlace=bplace, deathDate=died, deathPlace=dplace, nationality=nation)
    f.set("Jesse_Owens", almaMater="Ohio_State_University")
    f.set("Carl_Lewis", almaMater="University_of_Houston")
    f.set("Jackie_Joyner-Kersee", almaMater="University_of_California,_Los_Angeles")
    f.set("Usain_Bolt", height=1.95)
    f.set("Michael_Phelps", height=1.93)
    runners_up = [
        "Ralph_Metcalfe", "Tinus_Osendarp", "Luz_Long", "Naoto_Tajima", "Mack_Robinson_(athlete)",
        "Sam_Graddy", "Ben_Johnson_(sprinter)", "Gary_Honey", "Giovanni_Evangelisti", "Richard_Thompson_(sprinter)",
        "Walter_Dix", "Shawn_Crawford", "Lorraine_Graham", "Katharine_Merry", "Horatio_Fitch", "Guy_Butler",
        "Sabine_John", "Anke_Behmer", "Jürgen_Straub", "Steve_Ovett", "Klaus_Beer", "Ralph_Boston",
    ]
    for key in runners_up:
        f.add(key, "AthleticsPlayer")
    for key in ("Zbigniew_Pietrzykowski", "Tony_Madigan", "Giulio_Saraudi"):
        f.add(key, "Boxer")
    for key in ("László_Cseh", "Takeshi_Matsuda", "Cecil_Healy", "Kenneth_Huszagh", "Sam_Kahanamoku"):
        f.add(key, "Swimmer")
    for key in ("Tan_Liangde", "Ron_Merriott", "Xiong_Ni", "Jesús_Mena"):
        f.add(key, "Athlete")
    for key in ("Nellie_Kim", "Ludmilla_Tourischeva"):
        f.add(key, "Gymnast")
    a = "Athletics_at_the_{} Summer_Olympics_–_{}"
    events = [
        # games year, event, sport, gold, silver, bronze
        (1936, "Men's_100_metres", "Athletics_(sport)", "Jesse_Owens", "Ralph_Metcalfe", "Tinus_Osendarp"),
        (1936, "Men's_200_metres", "Athletics_(sport)", "Jesse_Owens", "Mack_Robinson_(athlete)", "Tinus_Osendarp"),
        (1936, "Men's_long_jump", "Athletics_(sport)", "Jesse_Owens", "Luz_Long", "Naoto_Tajima"),
        (1984, "Men's_100_metres", "Athletics_(sport)", "Carl_Lewis", "Sam_Graddy", "Ben_Johnson_(sprinter)"),
        (1984, "Men's_long_jump", "Athletics_(sport)", "Carl_Lewis", "Gary_Honey", "Giovanni_Evangelisti"),
        (2008, "Men's_100_metres", "Athletics_(sport)", "Usain_Bolt", "Richard_Thompson_(sprinter)", "Walter_Dix"),
        (2008, "Men's_200_metres", "Athletics_(sport)", "Usain_Bolt", "Shawn_Crawford", "Walter_Dix"),
        (2000, "Women's_400_metres", "Athletics_(sport)", "Cathy_Freeman", "Lorraine_Graham", "Katharine_Merry"),
        (1924, "Men's_400_metres", "Athletics_(sport)", "Eric_Liddell", "Horatio_Fitch", "Guy_Butler"),
        (1988, "Women's_heptathlon", "Athletics_(sport)", "Jackie_Joyner-Kersee", "Sabine_John", "Anke_Behmer"),
        (1980, "Men's_1500_metres", "Athletics_(sport)", "Sebastian_Coe", "Jürgen_Straub", "Steve_Ovett"),
        (1968, "Men's_long_jump", "Athletics_(sport)", "Bob_Beamon", "Klaus_Beer", "Ralph_Boston"),
    ]
    for year, event, sport, gold, silver, bronze in events:
        key = a.format(year, event).replace(" ", "_")
        f.add(key, "OlympicEvent", label=default_label(key), goldMedalist=gold, silverMedalist=silver,
              bronzeMedalist=bronze, year=year, sport=sport)
    others = [
        ("Boxing_at_the_1960_Summer_Olympics_–_Light_heavyweight", "Boxing", 1960, "Muhammad_Ali",
         "Zbigniew_Pietrzykowski", ["Tony_Madigan", "Giulio_Saraudi"]),
        ("Swimming_at_the_2008_Summer_Olympics_–_Men's_200_metre_butterfly", "Swimming_(sport)", 2008,
         "Michael_Phelps", "László_Cseh", ["Takeshi_Matsuda"]),
        ("Swimming_at_the_1912_Summer_Olympics_–_Men's_100_metre_freestyle", "Swimming_(sport)", 1912,
         "Duke_Kahanamoku", "Cecil_Healy", ["Kenneth_Huszagh"]),
        ("Swimming_at_the_1924_Summer_Olympics_–_Men's_100_metre_freestyle", "Swimming_(sport)", 1924,
         "Johnny_Weissmuller", "Duke_Kahanamoku", ["Sam_Kahanamoku"]),
        ("Diving_at_the_1984_Summer_Olympics_–_Men's_3_metre_springboard", "Diving_(sport)", 1984,
         "Greg_Louganis", "Tan_Liangde", ["Ron_Merriott"]),
        ("Diving_at_the_1988_Summer_Olympics_–_Men's_10_metre_platform", "Diving_(sport)", 1988,
         "Greg_Louganis", "Xiong_Ni", ["Jesús_Mena"]),
        ("Gymnastics_at_the_1976_Summer_Olympics_–_Women's_artistic_individual_all-around", "Gymnastics", 1976,
         "Nadia_Comăneci", "Nellie_Kim", ["Ludmilla_Tourischeva"]),
    ]
    for key, sport, year, gold, silver, bronze in others:
        f.add(key, "OlympicEvent", goldMedalist=gold, silverMedalist=silver, bronzeMedalist=bronze,
              year=year, sport=sport)
    f.add("Joe_Brennan_(writer)", "Writer", label="Joe Brennan")
    books = [
        ("Blackthink", "Blackthink: My Life as Black Man and White Man", ["Jesse_Owens"], 1970),
        ("Jesse:_The_Man_Who_Outran_Hitler", "Jesse: The Man Who Outran Hitler", ["Jesse_Owens"], 1978),
        ("The_Greatest:_My_Own_Story", "The Greatest: My Own Story", ["Muhammad_Ali"], 1975),
        ("The_Soul_of_a_Butterfly", "The Soul of a Butterfly", ["Muhammad_Ali"], 2004),
        ("Inside_Track_(Lewis_book)", "Inside Track", ["Carl_Lewis"], 1990),
        ("9.58:_Being_the_World's_Fastest_Man", "9.58: Being the World's Fastest Man", ["Usain_Bolt"], 2010),
        ("No_Limits:_The_Will_to_Succeed", "No Limits: The Will to Succeed", ["Michael_Phelps"], 2008),
        ("Beneath_the_Surface_(Phelps_book)", "Beneath the Surface", ["Michael_Phelps"], 2004),
        ("Born_to_Run_(Freeman_book)", "Born to Run", ["Cathy_Freeman"], 2007),
        ("Duke_Kahanamoku's_World_of_Surfing", "Duke Kahanamoku's World of Surfing",
         ["Duke_Kahanamoku", "Joe_Brennan_(writer)"], 1968),
        ("Swimming_the_American_Crawl", "Swimming the American Crawl", ["Johnny_Weissmuller"], 1930),
        ("The_Disciplines_of_the_Christian_Life", "The Disciplines of the Christian Life", ["Eric_Liddell"], 1985),
        ("Breaking_the_Surface", "Breaking the Surface", ["Greg_Louganis"], 1995),
        ("A_Kind_of_Grace", "A Kind of Grace", ["Jackie_Joyner-Kersee"], 1997),
        ("Letters_to_a_Young_Gymnast", "Letters to a Young Gymnast", ["Nadia_Comăneci"], 2004),
        ("Running_My_Life", "Running My Life", ["Sebastian_Coe"], 2012),
        ("The_Man_Who_Could_Fly_(Beamon_book)", "The Man Who Could Fly", ["Bob_Beamon"], 1999),
    ]
    for key, label, authors, year in books:
        f.add(key, "Book", label=label, author=authors, year=year, originalLanguage="English_language")


# -- television themes and their composers ----------------------------------

def add_television(f: Facts) -> None:
    for key, cls, year, hq in [
        ("NBC", "BroadcastNetwork", 1926, "New_York_City"), ("CBS", "BroadcastNetwork", 1927, "New_York_City"),
        ("American_Broadcasting_Company", "BroadcastNetwork", 1943, "New_York_City"),
        ("Fox_Broadcasting_Company", "BroadcastNetwork", 1986, "Los_Angeles"),
        ("UPN", "BroadcastNetwork", 1995, "Los_Angeles"), ("HBO", "TelevisionStation", 1972, "New_York_City"),
        ("ITV_(TV_network)", "BroadcastNetwork", 1955, "London"), ("BBC_One", "TelevisionStation", 1936, "London"),
    ]:
        f.add(key, cls, label="ITV" if key.startswith("ITV") else None, foundingYear=year, headquarter=hq)
    for key in ("Science_fiction", "Sitcom", "Drama", "Game_show", "Variety_show", "Fantasy", "Crime_fiction",
                "News_program", "Autobiography", "Novel", "Fairy_tale"):
        f.add(key, "Genre", label=default_label(key).lower())
    for key in ("Film_score", "Rock_music", "Pop_music", "Jazz"):
        f.add(key, "MusicGenre", label=default_label(key).lower())
    for key in ("Piano", "Guitar", "Bass_guitar", "Drum_kit", "Trumpet"):
        f.add(key, "Instrument", label=default_label(key).lower())

    composers = [
        # key, class, born, birth place, died, death place
        ("Jerry_Goldsmith", "MusicalArtist", "1929-02-10", "Los_Angeles", "2004-07-21", "Beverly_Hills,_California"),
        ("John_Williams", "MusicalArtist", "1932-02-08", "Floral_Park,_New_York", None, None),
        ("Henry_Mancini", "MusicalArtist", "1924-04-16", "Cleveland", "1994-06-14", "Beverly_Hills,_California"),
        ("Jim_Henson", "Artist", "1936-09-24", "Greenville,_Mississippi", "1990-05-16", "New_York_City"),
        ("Merv_Griffin", "TelevisionHost", "1925-07-06", "San_Mateo,_California", "2007-08-12", "Los_Angeles"),
        ("Sherwood_Schwartz", "ScreenWriter", "1916-11-14", "Passaic,_New_Jersey", "2011-07-12", "Los_Angeles"),
        ("Bernard_Herrmann", "MusicalArtist", "1911-06-29", "New_York_City", "1975-12-24", "Hollywood"),
        ("Danny_Elfman", "MusicalArtist", "1953-05-29", "Los_Angeles", None, None),
        ("Lalo_Schifrin", "MusicalArtist", "1932-06-21", "Buenos_Aires", None, None),
        ("Alexander_Courage", "MusicalArtist", None, None, None, None),
        ("Sam_Pottle", "MusicalArtist", None, None, None, None),
        ("Frank_De_Vol", "MusicalArtist", None, None, None, None),
        ("George_Wyle", "MusicalArtist", None, None, None, None),
        ("Ron_Grainer", "MusicalArtist", None, None, None, None),
        ("Neal_Hefti", "MusicalArtist", None, None, None, None),
        ("Vic_Mizzy", "MusicalArtist", None, None, None, None),
        ("Johnny_Mandel", "MusicalArtist", None, None, None, None),
        ("Mike_Post", "MusicalArtist", None, None, None, None),
        ("Ramin_Djawadi", "MusicalArtist", None, None, None, None),
        ("Angelo_Badalamenti", "MusicalArtist", None, None, None, None),
        ("Jonathan_Wolff", "MusicalArtist", None, None, None, None),
        ("Gary_Portnoy", "MusicalArtist", None, None, None, None),
        ("Charles_Fox_(composer)", "MusicalArtist", None, None, None, None),
        ("Earle_Hagen", "MusicalArtist", None, None, None, None),
        ("Jerrold_Immel", "MusicalArtist", None, None, None, None),
        ("Morton_Stevens", "MusicalArtist", None, None, None, None),
    ]
    for key, cls, born, bplace, died, dplace in composers:
        f.add(key, cls, birthDate=born, birthPlace=bplace, deathDate=died, deathPlace=dplace)
    f.set("Jerry_Goldsmith", almaMater="University_of_Southern_California", child="Joel_Goldsmith")
    f.set("John_Williams", almaMater=["University_of_California,_Los_Angeles", "Juilliard_School"],
          child="Joseph_Williams_(musician)", spouse="Barbara_Ruick")
    f.set("Henry_Mancini", almaMater=["Carnegie_Mellon_University", "Juilliard_School"], child="Monica_Mancini")
    f.set("Jim_Henson", almaMater="University_of_Maryland,_College_Park", spouse="Jane_Henson",
          child=["Lisa_Henson", "Cheryl_Henson", "Brian_Henson", "John_Henson_(puppeteer)", "Heather_Henson"])
    f.set("Merv_Griffin", almaMater="University_of_San_Francisco", child="Tony_Griffin", spouse="Julann_Wright")
    f.set("Sherwood_Schwartz", almaMater=["New_York_University", "University_of_Southern_California"],
          child="Lloyd_J._Schwartz")
    f.set("Bernard_Herrmann", almaMater=["New_York_University", "Juilliard_School"], child="Dorothy_Herrmann",
          spouse="Lucille_Fletcher")
    f.set("Danny_Elfman", child="Mali_Elfman")
    f.set("Lalo_Schifrin", child="Ryan_Schifrin")
    f.set("Ramin_Djawadi", almaMater="Berklee_College_of_Music")
    for key, cls in [("Joel_Goldsmith", "MusicalArtist"), ("Joseph_Williams_(musician)", "MusicalArtist"),
                     ("Barbara_Ruick", "Actor"), ("Monica_Mancini", "MusicalArtist"), ("Lisa_Henson", "Person"),
                     ("Cheryl_Henson", "Person"), ("Brian_Henson", "Person"), ("John_Henson_(puppeteer)", "Person"),
                     ("Heather_Henson", "Person"), ("Jane_Henson", "Person"), ("Tony_Griffin", "Person"),
                     ("Julann_Wright", "Actor"), ("Lloyd_J._Schwartz", "Person"), ("Dorothy_Herrmann", "Writer"),
                     ("Lucille_Fletcher", "ScreenWriter"), ("Mali_Elfman", "Person"), ("Ryan_Schifrin", "MovieDirector")]:
        f.add(key, cls)
    f.set("Lisa_Henson", almaMater="Harvard_University", birthDate="1960-05-09", parent=["Jim_Henson", "Jane_Henson"])
    f.set("Brian_Henson", birthDate="1963-11-03", parent=["Jim_Henson", "Jane_Henson"])
    f.set("Jane_Henson", almaMater="University_of_Maryland,_College_Park", child=["Lisa_Henson", "Brian_Henson"])
    for hosts in (("Alex_Trebek", "1940-07-22", "Greater_Sudbury", "2020-11-08", "Los_Angeles"),
                  ("Pat_Sajak", "1946-10-26", "Chicago", None, None),
                  ("Art_Fleming", None, None, None, None),
                  ("Lester_Holt", None, None, None, None), ("Tom_Brokaw", None, None, None, None)):
        key, born, bplace, died, dplace = hosts
        f.add(key, "TelevisionHost", birthDate=born, birthPlace=bplace, deathDate=died, deathPlace=dplace)
    f.set("Alex_Trebek", almaMater="University_of_Ottawa", nationality=[CA, US])

    shows = [
        # show key, label, theme key, theme label, composers, channel, seasons, episodes, genre
        ("Star_Trek:_Voyager", None, "Star_Trek:_Voyager_theme", "Star Trek: Voyager theme",
         ["Jerry_Goldsmith"], "UPN", 7, 172, "Science_fiction"),
        ("The_Waltons", None, "The_Waltons_theme", "The Waltons theme", ["Jerry_Goldsmith"], "CBS", 9, 221, "Drama"),
        ("Dr._Kildare_(TV_series)", "Dr. Kildare", "Three_Stars_Will_Shine_Tonight",
         "Three Stars Will Shine Tonight", ["Jerry_Goldsmith"], "NBC", None, None, "Drama"),
        ("Barnaby_Jones", None, "Barnaby_Jones_theme", "Barnaby Jones theme", ["Jerry_Goldsmith"], "CBS", 8, 178,
         "Crime_fiction"),
        ("Star_Trek:_The_Next_Generation", None, "Star_Trek:_The_Next_Generation_theme",
         "Star Trek: The Next Generation theme", ["Jerry_Goldsmith", "Alexander_Courage"], None, 7, 178,
         "Science_fiction"),
        ("Lost_in_Space", None, "Lost_in_Space_theme", "Lost in Space theme", ["John_Williams"], "CBS", 3, 83,
         "Science_fiction"),
        ("Land_of_the_Giants", None, "Land_of_the_Giants_theme", "Land of the Giants theme", ["John_Williams"],
         "American_Broadcasting_Company", 2, 51, "Science_fiction"),
        ("NBC_Nightly_News", None, "The_Mission_(NBC_theme)", "The Mission", ["John_Williams"], "NBC", None, None,
         "News_program"),
        ("Peter_Gunn", None, "Peter_Gunn_(composition)", "Peter Gunn", ["Henry_Mancini"], "NBC", 3, 114,
         "Crime_fiction"),
        ("Mr._Lucky_(TV_series)", "Mr. Lucky", "Mr._Lucky_theme", "Mr. Lucky theme", ["Henry_Mancini"], "CBS",
         None, None, "Drama"),
        ("The_Muppet_Show", None, "The_Muppet_Show_Theme", "The Muppet Show Theme", ["Jim_Henson", "Sam_Pottle"],
         "ITV_(TV_network)", 5, 120, "Variety_show"),
        ("Jeopardy!", None, "Think!", "Think!", ["Merv_Griffin"], "NBC", None, None, "Game_show"),
        ("Wheel_of_Fortune_(American_game_show)", "Wheel of Fortune", "Changing_Keys", "Changing Keys",
         ["Merv_Griffin"], "NBC", None, None, "Game_show"),
        ("The_Brady_Bunch", None, "The_Brady_Bunch_theme", "The Brady Bunch theme",
         ["Sherwood_Schwartz", "Frank_De_Vol"], "American_Broadcasting_Company", 5, 117, "Sitcom"),
        ("Gilligan's_Island", None, "The_Ballad_of_Gilligan's_Isle", "The Ballad of Gilligan's Isle",
         ["Sherwood_Schwartz", "George_Wyle"], "CBS", 3, 98, "Sitcom"),
        ("The_Twilight_Zone_(1959_TV_series)", "The Twilight Zone", "The_Twilight_Zone_theme_(Herrmann)",
         "The Twilight Zone theme (1959)", ["Bernard_Herrmann"], "CBS", 5, 156, "Science_fiction"),
        ("The_Simpsons", None, "The_Simpsons_Theme", "The Simpsons Theme", ["Danny_Elfman"],
         "Fox_Broadcasting_Company", None, None, "Sitcom"),
        ("Mission:_Impossible_(1966_TV_series)", "Mission: Impossible", "Theme_from_Mission:_Impossible",
         "Theme from Mission: Impossible", ["Lalo_Schifrin"], "CBS", 7, 171, "Drama"),
        ("Doctor_Who", None, "Doctor_Who_theme_music", "Doctor Who theme music", ["Ron_Grainer"], "BBC_One",
         None, None, "Science_fiction"),
        ("Batman_(TV_series)", "Batman", "Batman_Theme", "Batman Theme", ["Neal_Hefti"],
         "American_Broadcasting_Company", 3, 120, "Sitcom"),
        ("The_Addams_Family_(1964_TV_series)", "The Addams Family", "The_Addams_Family_Theme",
         "The Addams Family Theme", ["Vic_Mizzy"], "American_Broadcasting_Company", 2, 64, "Sitcom"),
        ("M*A*S*H_(TV_series)", "M*A*S*H", "Suicide_Is_Painless", "Suicide Is Painless", ["Johnny_Mandel"],
         "CBS", 11, 256, "Sitcom"),
        ("Law_&_Order", None, "Law_&_Order_theme", "Law & Order theme", ["Mike_Post"], "NBC", 20, 456,
         "Crime_fiction"),
        ("Game_of_Thrones", None, "Game_of_Thrones_Theme", "Game of Thrones Theme", ["Ramin_Djawadi"], "HBO",
         8, 73, "Fantasy"),
        ("Twin_Peaks", None, "Twin_Peaks_Theme", "Twin Peaks Theme", ["Angelo_Badalamenti"],
         "American_Broadcasting_Company", 2, 30, "Drama"),
        ("Seinfeld", None, "Seinfeld_theme", "Seinfeld theme", ["Jonathan_Wolff"], "NBC", 9, 180, "Sitcom"),
        ("Cheers", None, "Where_Everybody_Knows_Your_Name", "Where Everybody Knows Your Name", ["Gary_Portnoy"],
         "NBC", 11, 275, "Sitcom"),
        ("Happy_Days", None, "Happy_Days_(song)", "Happy Days", ["Charles_Fox_(composer)"],
         "American_Broadcasting_Company", 11, 255, "Sitcom"),
        ("The_Andy_Griffith_Show", None, "The_Fishin'_Hole", "The Fishin' Hole", ["Earle_Hagen"], "CBS", 8, 249,
         "Sitcom"),
        ("Dallas_(1978_TV_series)", "Dallas", "Dallas_theme", "Dallas theme", ["Jerrold_Immel"], "CBS", 14, 357,
         "Drama"),
        ("Hawaii_Five-O_(1968_TV_series)", "Hawaii Five-O", "Hawaii_Five-O_theme", "Hawaii Five-O theme",
         ["Morton_Stevens"], "CBS", None, None, "Crime_fiction"),
    ]
    for show, label, theme, theme_label, composers, channel, seasons, episodes, genre in shows:
        f.add(theme, "MusicalWork", label=theme_label, composer=composers, genre="Film_score")
        f.add(show, "TelevisionShow", label=label, openingTheme=theme, channel=channel,
              numberOfSeasons=seasons, numberOfEpisodes=episodes, genre=genre,
              language="English_language")
    f.set("Jeopardy!", presenter=["Art_Fleming", "Alex_Trebek"])
    f.set("Wheel_of_Fortune_(American_game_show)", presenter="Pat_Sajak")
    f.set("NBC_Nightly_News", presenter=["Tom_Brokaw", "Lester_Holt"])
    f.set("Game_of_Thrones", basedOn="A_Game_of_Thrones")


# -- universities ----------------------------------------------------------------

UNIVERSITIES = [
    # key, class, city, country, founding year, lat, long
    ("University_of_Southern_California", "University", "Los_Angeles", US, 1880, 34.0224, -118.2851),
    ("University_of_California,_Los_Angeles", "University", "Los_Angeles", US, 1919, 34.0689, -118.4452),
    ("Carnegie_Mellon_University", "University", "Pittsburgh", US, 1900, 40.4433, -79.9436),
    ("University_of_Maryland,_College_Park", "University", "College_Park,_Maryland", US, 1856, 38.9869, -76.9426),
    ("University_of_San_Francisco", "University", "San_Francisco", US, 1855, 37.7766, -122.4507),
    ("New_York_University", "University", "New_York_City", US, 1831, 40.7295, -73.9965),
    ("Juilliard_School", "University", "New_York_City", US, 1905, 40.7738, -73.9830),
    ("Columbia_University", "University", "New_York_City", US, 1754, 40.8075, -73.9626),
    ("Cornell_University", "University", "Ithaca,_New_York", US, 1865, 42.4534, -76.4735),
    ("Harvard_University", "University", "Cambridge,_Massachusetts", US, 1636, 42.3770, -71.1167),
    ("Massachusetts_Institute_of_Technology", "University", "Cambridge,_Massachusetts", US, 1861, 42.3601, -71.0942),
    ("Boston_University", "University", "Boston", US, 1839, 42.3505, -71.1054),
    ("Yale_University", "University", "New_Haven,_Connecticut", US, 1701, 41.3163, -72.9223),
    ("Princeton_University", "University", "Princeton,_New_Jersey", US, 1746, 40.3431, -74.6551),
    ("Stanford_University", "University", "Stanford,_California", US, 1885, 37.4275, -122.1697),
    ("Northwestern_University", "University", "Evanston,_Illinois", US, 1851, 42.0565, -87.6753),
    ("University_of_Chicago", "University", "Chicago", US, 1890, 41.7886, -87.5987),
    ("University_of_Michigan", "University", "Ann_Arbor,_Michigan", US, 1817, 42.2780, -83.7382),
    ("Ohio_State_University", "University", "Columbus,_Ohio", US, 1870, 40.0067, -83.0305),
    ("University_of_Houston", "University", "Houston", US, 1927, 29.7199, -95.3422),
    ("University_of_Washington", "University", "Seattle", US, 1861, 47.6553, -122.3035),
    ("University_of_Texas_at_Austin", "University", "Austin,_Texas", US, 1883, 30.2849, -97.7341),
    ("University_of_Pennsylvania", "University", "Philadelphia", US, 1740, 39.9522, -75.1932),
    ("University_of_Toronto", "University", "Toronto", CA, 1827, 43.6629, -79.3957),
    ("McGill_University", "University", "Montreal", CA, 1821, 45.5048, -73.5772),
    ("University_of_Ottawa", "University", "Ottawa", CA, 1848, 45.4231, -75.6831),
    ("University_of_Oxford", "University", "Oxford", "United_Kingdom", None, 51.7548, -1.2544),
    ("University_of_Cambridge", "University", "Cambridge", "United_Kingdom", 1209, 52.2043, 0.1149),
    ("University_of_Exeter", "University", "Exeter", "United_Kingdom", 1955, 50.7365, -3.5344),
    ("Trinity_College_Dublin", "University", "Dublin", "Ireland", 1592, 53.3438, -6.2546),
    ("Berklee_College_of_Music", "College", "Boston", US, 1945, 42.3467, -71.0872),
    ("Oberlin_College", "College", None, US, 1833, 41.2935, -82.2210),
    ("Ripon_College_(Wisconsin)", "College", None, US, 1851, 43.8442, -88.8401),
    ("California_State_University,_Long_Beach", "University", "Long_Beach,_California", US, 1949, 33.7838, -118.1141),
]


def add_universities(f: Facts) -> None:
    for key, cls, city, country, year, lat, long in UNIVERSITIES:
        # dbo:city ranges over City only; a town or village campus is a dbo:location.
        is_city = city is not None and f.entities[city].cls == "City"
        f.add(key, cls, city=city if is_city else None, location=None if is_city else city, country=country,
              foundingYear=year, lat=lat, long=long)


# -- literature, film and music -------------------------------------------------

def add_culture(f: Facts) -> None:
    for key, city, year in [("Bloomsbury_Publishing", "London", 1986), ("Allen_&_Unwin", "London", 1914),
                            ("Secker_&_Warburg", "London", 1935), ("Charles_Scribner's_Sons", "New_York_City", 1846),
                            ("Bantam_Spectra", "New_York_City", 1985), ("HarperCollins", "New_York_City", 1989)]:
        f.add(key, "Publisher", headquarter=city, locationCity=city, foundingYear=year)
    writers = [
        # key, class, born, birth place, died, death place, alma mater, nationality
        ("George_Orwell", "Writer", "1903-06-25", "Motihari", "1950-01-21", "London", None, "United_Kingdom"),
        ("Ernest_Hemingway", "Writer", "1899-07-21", "Oak_Park,_Illinois", "1961-07-02", "Ketchum,_Idaho", None, US),
        ("Mark_Twain", "Writer", "1835-11-30", "Florida,_Missouri", "1910-04-21", "Redding,_Connecticut", None, US),
        ("Herman_Melville", "Writer", "1819-08-01", "New_York_City", "1891-09-28", "New_York_City", None, US),
        ("Jane_Austen", "Writer", "1775-12-16", "Steventon,_Hampshire", "1817-07-18", "Winchester", None,
         "United_Kingdom"),
        ("J._R._R._Tolkien", "Writer", "1892-01-03", "Bloemfontein", "1973-09-02", "Bournemouth",
         "University_of_Oxford", "United_Kingdom"),
        ("F._Scott_Fitzgerald", "Writer", "1896-09-24", "Saint_Paul,_Minnesota", "1940-12-21", "Hollywood",
         "Princeton_University", US),
        ("Leo_Tolstoy", "Writer", "1828-09-09", "Yasnaya_Polyana", "1910-11-20", "Astapovo", None, "Russia"),
        ("Fyodor_Dostoevsky", "Writer", "1821-11-11", "Moscow", "1881-02-09", "Saint_Petersburg", None, "Russia"),
        ("Mary_Shelley", "Writer", "1797-08-30", "London", "1851-02-01", "London", None, "United_Kingdom"),
        ("Bram_Stoker", "Writer", "1847-11-08", "Dublin", "1912-04-20", "London", "Trinity_College_Dublin",
         "Ireland"),
        ("J._K._Rowling", "Writer", "1965-07-31", "Yate", None, None, "University_of_Exeter", "United_Kingdom"),
        ("George_R._R._Martin", "Writer", "1948-09-20", "Bayonne,_New_Jersey", None, None,
         "Northwestern_University", US),
    ]
    for key, cls, born, bplace, died, dplace, alma, nation in writers:
        f.add(key, cls, birthDate=born, birthPlace=bplace, deathDate=died, deathPlace=dplace,
              almaMater=alma, nationality=nation)
    f.add("Christopher_Tolkien", "Writer", birthDate="1924-11-21", deathDate="2020-01-16")
    f.add("Zelda_Fitzgerald", "Writer", birthDate="1900-07-24")
    f.add("Frances_Scott_Fitzgerald", "Writer")
    f.set("J._R._R._Tolkien", child="Christopher_Tolkien")
    f.set("F._Scott_Fitzgerald", spouse="Zelda_Fitzgerald", child="Frances_Scott_Fitzgerald")
    f.set("Zelda_Fitzgerald", spouse="F._Scott_Fitzgerald", child="Frances_Scott_Fitzgerald")
    f.set("Christopher_Tolkien", parent="J._R._R._Tolkien", almaMater="University_of_Oxford")
    books = [
        # key, label, author, year, publisher, genre
        ("Nineteen_Eighty-Four", None, "George_Orwell", 1949, "Secker_&_Warburg", "Science_fiction"),
        ("Animal_Farm", None, "George_Orwell", 1945, "Secker_&_Warburg", "Novel"),
        ("The_Old_Man_and_the_Sea", None, "Ernest_Hemingway", 1952, "Charles_Scribner's_Sons", "Novel"),
        ("The_Sun_Also_Rises", None, "Ernest_Hemingway", 1926, "Charles_Scribner's_Sons", "Novel"),
        ("The_Great_Gatsby", None, "F._Scott_Fitzgerald", 1925, "Charles_Scribner's_Sons", "Novel"),
        ("The_Adventures_of_Tom_Sawyer", None, "Mark_Twain", 1876, None, "Novel"),
        ("Adventures_of_Huckleberry_Finn", None, "Mark_Twain", 1884, None, "Novel"),
        ("Moby-Dick", None, "Herman_Melville", 1851, None, "Novel"),
        ("Pride_and_Prejudice", None, "Jane_Austen", 1813, None, "Novel"),
        ("Emma_(novel)", "Emma", "Jane_Austen", 1815, None, "Novel"),
        ("The_Hobbit", None, "J._R._R._Tolkien", 1937, "Allen_&_Unwin", "Fantasy"),
        ("The_Lord_of_the_Rings", None, "J._R._R._Tolkien", 1954, "Allen_&_Unwin", "Fantasy"),
        ("War_and_Peace", None, "Leo_Tolstoy", 1869, None, "Novel"),
        ("Anna_Karenina", None, "Leo_Tolstoy", 1878, None, "Novel"),
        ("Crime_and_Punishment", None, "Fyodor_Dostoevsky", 1866, None, "Novel"),
        ("Frankenstein", None, "Mary_Shelley", 1818, None, "Science_fiction"),
        ("Dracula", None, "Bram_Stoker", 1897, None, "Novel"),
        ("Harry_Potter_and_the_Philosopher's_Stone", None, "J._K._Rowling", 1997, "Bloomsbury_Publishing", "Fantasy"),
        ("Harry_Potter_and_the_Chamber_of_Secrets", None, "J._K._Rowling", 1998, "Bloomsbury_Publishing", "Fantasy"),
        ("A_Game_of_Thrones", None, "George_R._R._Martin", 1996, "Bantam_Spectra", "Fantasy"),
        ("A_Clash_of_Kings", None, "George_R._R._Martin", 1998, "Bantam_Spectra", "Fantasy"),
    ]
    languages = {"Leo_Tolstoy": "Russian_language", "Fyodor_Dostoevsky": "Russian_language"}
    for key, label, author, year, publisher, genre in books:
        f.add(key, "Book", label=label, author=author, year=year, publisher=publisher, genre=genre,
              originalLanguage=languages.get(author, "English_language"))
    f.set("The_Hobbit", subsequentWork="The_Lord_of_the_Rings")
    f.set("The_Lord_of_the_Rings", previousWork="The_Hobbit")
    f.set("Harry_Potter_and_the_Philosopher's_Stone", subsequentWork="Harry_Potter_and_the_Chamber_of_Secrets")
    f.set("Harry_Potter_and_the_Chamber_of_Secrets", previousWork="Harry_Potter_and_the_Philosopher's_Stone")
    f.set("A_Game_of_Thrones", subsequentWork="A_Clash_of_Kings")
    f.set("A_Clash_of_Kings", previousWork="A_Game_of_Thrones")

    directors = [("George_Lucas", "1944-05-14", "University_of_Southern_California"),
                 ("Steven_Spielberg", "1946-12-18", "California_State_University,_Long_Beach"),
                 ("Ridley_Scott", "1937-11-30", None), ("Roman_Polanski", "1933-08-18", None),
                 ("Franklin_J._Schaffner", None, None), ("Blake_Edwards", None, None),
                 ("Alfred_Hitchcock", "1899-08-13", None), ("Orson_Welles", "1915-05-06", None),
                 ("Martin_Scorsese", "1942-11-17", "New_York_University"), ("Tim_Burton", "1958-08-25", None),
                 ("Don_Siegel", None, None), ("Peter_Yates", None, None)]
    for key, born, alma in directors:
        f.add(key, "MovieDirector", birthDate=born, almaMater=alma)
    actors = ["Mark_Hamill", "Harrison_Ford", "Carrie_Fisher", "Roy_Scheider", "Robert_Shaw", "Richard_Dreyfuss",
              "Henry_Thomas", "Drew_Barrymore", "Sam_Neill", "Laura_Dern", "Jeff_Goldblum", "Liam_Neeson",
              "Sigourney_Weaver", "Jack_Nicholson", "Faye_Dunaway", "Charlton_Heston", "George_C._Scott",
              "Audrey_Hepburn", "Peter_Sellers", "David_Niven", "Anthony_Perkins", "Janet_Leigh", "James_Stewart",
              "Kim_Novak", "Robert_De_Niro", "Michael_Keaton", "Johnny_Depp", "Clint_Eastwood", "Steve_McQueen",
              "Debbie_Reynolds", "Calista_Flockhart"]
    for key in actors:
        f.add(key, "Actor")
    f.set("Harrison_Ford", birthDate="1942-07-13", birthPlace="Chicago", almaMater="Ripon_College_(Wisconsin)",
          spouse="Calista_Flockhart")
    f.set("Carrie_Fisher", birthDate="1956-10-21", deathDate="2016-12-27", parent="Debbie_Reynolds")
    f.set("Debbie_Reynolds", child="Carrie_Fisher", deathDate="2016-12-28")
    films = [
        # key, label, director, composer, stars, release date, runtime (min), country
        ("Star_Wars_(film)", "Star Wars", "George_Lucas", "John_Williams",
         ["Mark_Hamill", "Harrison_Ford", "Carrie_Fisher"], "1977-05-25", 121),
        ("Jaws_(film)", "Jaws", "Steven_Spielberg", "John_Williams",
         ["Roy_Scheider", "Robert_Shaw", "Richard_Dreyfuss"], "1975-06-20", 124),
        ("E.T._the_Extra-Terrestrial", None, "Steven_Spielberg", "John_Williams",
         ["Henry_Thomas", "Drew_Barrymore"], "1982-06-11", 115),
        ("Jurassic_Park_(film)", "Jurassic Park", "Steven_Spielberg", "John_Williams",
         ["Sam_Neill", "Laura_Dern", "Jeff_Goldblum"], "1993-06-11", 127),
        ("Raiders_of_the_Lost_Ark", None, "Steven_Spielberg", "John_Williams", ["Harrison_Ford"],
         "1981-06-12", 115),
        ("Schindler's_List", None, "Steven_Spielberg", "John_Williams", ["Liam_Neeson"], None, 195),
        ("Alien_(film)", "Alien", "Ridley_Scott", "Jerry_Goldsmith", ["Sigourney_Weaver"], None, 117),
        ("Chinatown_(1974_film)", "Chinatown", "Roman_Polanski", "Jerry_Goldsmith",
         ["Jack_Nicholson", "Faye_Dunaway"], None, 130),
        ("Planet_of_the_Apes_(1968_film)", "Planet of the Apes", "Franklin_J._Schaffner", "Jerry_Goldsmith",
         ["Charlton_Heston"], None, 112),
        ("Patton_(film)", "Patton", "Franklin_J._Schaffner", "Jerry_Goldsmith", ["George_C._Scott"], None, 172),
        ("Breakfast_at_Tiffany's_(film)", "Breakfast at Tiffany's", "Blake_Edwards", "Henry_Mancini",
         ["Audrey_Hepburn"], None, 115),
        ("The_Pink_Panther_(1963_film)", "The Pink Panther", "Blake_Edwards", "Henry_Mancini",
         ["Peter_Sellers", "David_Niven"], None, 113),
        ("Psycho_(1960_film)", "Psycho", "Alfred_Hitchcock", "Bernard_Herrmann",
         ["Anthony_Perkins", "Janet_Leigh"], None, 109),
        ("Vertigo_(film)", "Vertigo", "Alfred_Hitchcock", "Bernard_Herrmann", ["James_Stewart", "Kim_Novak"],
         None, 128),
        ("Citizen_Kane", None, "Orson_Welles", "Bernard_Herrmann", [], None, 119),
        ("Taxi_Driver", None, "Martin_Scorsese", "Bernard_Herrmann", ["Robert_De_Niro"], None, 114),
        ("Batman_(1989_film)", "Batman", "Tim_Burton", "Danny_Elfman", ["Michael_Keaton", "Jack_Nicholson"],
         None, 126),
        ("Edward_Scissorhands", None, "Tim_Burton", "Danny_Elfman", ["Johnny_Depp"], None, 105),
        ("Dirty_Harry", None, "Don_Siegel", "Lalo_Schifrin", ["Clint_Eastwood"], None, 102),
        ("Bullitt", None, "Peter_Yates", "Lalo_Schifrin", ["Steve_McQueen"], None, 114),
    ]
    for key, label, director, composer, stars, released, minutes in films:
        f.add(key, "Film", label=label, director=director, musicComposer=composer, starring=stars,
              releaseDate=released, runtime=float(minutes * 60), originalLanguage="English_language")
    f.add("Lucasfilm", "Company", founder="George_Lucas", foundingYear=1971, locationCity="San_Francisco",
          headquarter="San_Francisco")
    f.add("Amblin_Entertainment", "Company", founder="Steven_Spielberg", foundingYear=1981,
          headquarter="Los_Angeles")
    f.add("The_Jim_Henson_Company", "Company", founder="Jim_Henson", foundingYear=1958, headquarter="Los_Angeles",
          keyPerson="Brian_Henson")
    f.add("McDonald's", "Company", keyPerson="Ray_Kroc", foundingYear=1940, headquarter="Chicago")
    f.add("Consolidated_Aircraft", "Company", founder="Reuben_H._Fleet", foundingYear=1923, headquarter="San_Diego")

    # The Beatles, as a small music graph.
    f.add("Parlophone", "RecordLabel", foundingYear=1896, headquarter="London")
    f.add("Apple_Records", "RecordLabel", foundingYear=1968, headquarter="London")
    f.add("Capitol_Records", "RecordLabel", foundingYear=1942, headquarter="Los_Angeles")
    members = {"John_Lennon": ("1940-10-09", "1980-12-08", "New_York_City"),
               "Paul_McCartney": ("1942-06-18", None, None),
               "George_Harrison": ("1943-02-25", "2001-11-29", "Los_Angeles"),
               "Ringo_Starr": ("1940-07-07", None, None)}
    for key, (born, died, dplace) in members.items():
        f.add(key, "MusicalArtist", birthDate=born, birthPlace="Liverpool", deathDate=died, deathPlace=dplace,
              nationality="United_Kingdom", associatedBand="The_Beatles")
    f.add("The_Beatles", "Band", bandMember=list(members), hometown="Liverpool",
          recordLabel=["Parlophone", "Apple_Records", "Capitol_Records"], genre="Rock_music",
          activeYearsStartYear=1960, activeYearsEndYear=1970)
    f.set("John_Lennon", instrument=["Guitar", "Piano"], child=["Julian_Lennon", "Sean_Lennon"], spouse="Yoko_Ono")
    f.set("Paul_McCartney", instrument=["Bass_guitar", "Piano"], child=["Stella_McCartney", "Mary_McCartney"])
    f.set("George_Harrison", instrument="Guitar")
    f.set("Ringo_Starr", instrument="Drum_kit")
    for key in ("Julian_Lennon", "Sean_Lennon", "Yoko_Ono"):
        f.add(key, "MusicalArtist")
    f.add("Stella_McCartney", "Person")
    f.add("Mary_McCartney", "Person")
    albums = [("Revolver_(Beatles_album)", "Revolver", "1966-08-05", "Parlophone"),
              ("Sgt._Pepper's_Lonely_Hearts_Club_Band", None, "1967-05-26", "Parlophone"),
              ("Abbey_Road", None, "1969-09-26", "Apple_Records")]
    for key, label, released, recorder in albums:
        f.add(key, "Album", label=label, artist="The_Beatles", releaseDate=released, recordLabel=recorder,
              genre="Rock_music")
    f.add("Hey_Jude", "Single", musicalBand="The_Beatles", releaseDate="1968-08-26", recordLabel="Apple_Records",
          composer=["Paul_McCartney"], lyrics="Paul_McCartney")
    f.add("Yesterday_(Beatles_song)", "Song", label="Yesterday", artist="The_Beatles", composer="Paul_McCartney",
          album=None)


# -- ships and the people who died where they are berthed ------------------------

SHIPS = [
    # key, label, home port, launch date
    ("USS_Constitution", None, "Boston", "1797-10-21"),
    ("USS_Arizona_(BB-39)", "USS Arizona", "Pearl_Harbor", "1915-06-19"),
    ("USS_Missouri_(BB-63)", "USS Missouri", "Pearl_Harbor", "1944-01-29"),
    ("USS_Bowfin_(SS-287)", "USS Bowfin", "Pearl_Harbor", "1942-12-07"),
    ("USS_Midway_(CV-41)", "USS Midway", "San_Diego", "1945-03-20"),
    ("USS_Carl_Vinson", None, "San_Diego", "1980-03-15"),
    ("USS_Theodore_Roosevelt_(CVN-71)", "USS Theodore Roosevelt", "San_Diego", "1984-10-27"),
    ("USS_Abraham_Lincoln_(CVN-72)", "USS Abraham Lincoln", "San_Diego", "1988-02-13"),
    ("USS_Gerald_R._Ford", None, "Norfolk,_Virginia", "2013-10-11"),
    ("USS_Dwight_D._Eisenhower", None, "Norfolk,_Virginia", "1975-10-11"),
    ("USS_Harry_S._Truman", None, "Norfolk,_Virginia", "1996-09-07"),
    ("USS_Wisconsin_(BB-64)", "USS Wisconsin", "Norfolk,_Virginia", "1943-12-07"),
    ("USS_Intrepid_(CV-11)", "USS Intrepid", "New_York_City", "1943-04-26"),
    ("USS_Hornet_(CV-12)", "USS Hornet", "Alameda,_California", "1943-08-30"),
    ("USS_North_Carolina_(BB-55)", "USS North Carolina", "Wilmington,_North_Carolina", "1940-06-13"),
    ("USS_Massachusetts_(BB-59)", "USS Massachusetts", "Fall_River,_Massachusetts", "1941-09-23"),
    ("USS_New_Jersey_(BB-62)", "USS New Jersey", "Camden,_New_Jersey", "1942-12-07"),
    ("USS_Yorktown_(CV-10)", "USS Yorktown", "Mount_Pleasant,_South_Carolina", "1943-01-21"),
    ("Falls_of_Clyde_(ship)", "Falls of Clyde", "Honolulu", "1878-12-12"),
    ("HMS_Victory", None, "Portsmouth", "1765-05-07"),
    ("Cutty_Sark", None, "London", "1869-11-22"),
]


def add_ships(f: Facts) -> None:
    for key, label, port, launched in SHIPS:
        f.add(key, "Ship", label=label, homeport=port, shipLaunch=launched)
    f.set("USS_Constitution", country=US)
    people = [
        # key, class, born, died, death place
        ("Isaac_C._Kidd", "MilitaryPerson", "1884-03-26", "1941-12-07", "Pearl_Harbor"),
        ("Franklin_Van_Valkenburgh", "MilitaryPerson", None, "1941-12-07", "Pearl_Harbor"),
        ("Mervyn_S._Bennion", "MilitaryPerson", None, "1941-12-07", "Pearl_Harbor"),
        ("Paul_Revere", "Person", None, "1818-05-10", "Boston"),
        ("Samuel_Adams", "Politician", "1722-09-27", "1803-10-02", "Boston"),
        ("John_Hancock", "Politician", None, "1793-10-08", "Boston"),
        ("Ray_Kroc", "Person", "1902-10-05", "1984-01-14", "San_Diego"),
        ("Alonzo_Horton", "Person", None, None, "San_Diego"),
        ("Reuben_H._Fleet", "Person", None, None, "San_Diego"),
        ("Liliuokalani", "Monarch", "1838-09-02", "1917-11-11", "Honolulu"),
        ("Don_Ho", "MusicalArtist", "1930-08-13", "2007-04-14", "Honolulu"),
        ("Jonas_Salk", "Scientist", "1914-10-28", "1995-06-23", "La_Jolla"),
    ]
    for key, cls, born, died, place in people:
        f.add(key, cls, birthDate=born, deathDate=died, deathPlace=place)
    f.set("Ray_Kroc", birthPlace="Oak_Park,_Illinois")
    f.set("Isaac_C._Kidd", birthPlace="Cleveland")
    f.entities["Liliuokalani"].label = "Liliʻuokalani"
    f.set("Jonas_Salk", almaMater="New_York_University")


# -- synthetic filler --------------------------------------------------------------

FIRST = ["Aldo", "Brina", "Corvin", "Dagny", "Elio", "Fenna", "Gideon", "Halla", "Ivo", "Jorunn", "Kasimir",
         "Liora", "Malte", "Nerys", "Orrin", "Pella", "Quill", "Rhosyn", "Sten", "Tamsin", "Ulric", "Veda",
         "Wendel", "Ysolde", "Zeno", "Ansel", "Bettina", "Cael", "Delphine", "Emrys"]
LAST = ["Abernethy", "Brannock", "Castellane", "Dunmore", "Eskildsen", "Fairweather", "Galloway", "Holmqvist",
        "Ingersoll", "Jarrow", "Kestrel", "Lindgard", "Marwick", "Northcott", "Oakhurst", "Pellerin", "Quarrington",
        "Rosenvold", "Stranahan", "Thorvaldsen", "Underhill", "Vasquez-Lowe", "Whitcombe", "Yarrow", "Zellweger"]
TOWN_PARTS = (["Ash", "Birch", "Cedar", "Elm", "Fox", "Glen", "Haven", "Iron", "Kings", "Lark", "Maple", "North",
               "Oak", "Pine", "Red", "Stone", "Willow", "Silver", "Black", "Green"],
              ["ford", "bridge", "port", "field", "wood", "haven", "ridge", "mouth", "brook", "cliff", "harbor",
               "ton", "ville", "dale", "water"])
TITLE_WORDS = (["The", "A", "Beyond the", "Under the", "After the", "Songs of the", "Letters from the",
                "Return to the", "Notes on the", "Winter of the"],
               ["Blue Line", "Frozen Pond", "Long Shift", "Open Ice", "Northern Harbor", "Quiet Rink",
                "Silver Medal", "Last Lap", "Crooked Mile", "Lighthouse", "Empty Stadium", "Iron Coast",
                "Second Period", "Glass Mountain", "Paper Crown", "Salt Road", "Far Shore", "Red Lantern",
                "Morning Tide", "Final Whistle"])
# Rough bounding boxes, so synthetic towns land inside their country on a map.
BOXES = {US: (30.0, 47.0, -120.0, -75.0), CA: (43.5, 54.0, -123.0, -64.0), "Sweden": (56.0, 64.0, 12.5, 19.0),
         "Finland": (60.5, 66.0, 22.0, 29.0), "Czech_Republic": (48.8, 50.9, 12.5, 18.5)}


def add_synthetic(f: Facts, rng: random.Random) -> None:
    def person_name() -> str:
        while True:
            name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            if f"syn:{name.replace(' ', '_')}" not in f.entities:
                return name

    def person(cls: str, **props: object) -> str:
        name = person_name()
        year = rng.randint(1920, 1995)
        return f.add(f"syn:{name.replace(' ', '_')}", cls, label=name,
                     birthDate=f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", **props)

    towns: dict[str, list[str]] = {}
    used: set[str] = set()
    for country, count in ((US, 40), (CA, 15), ("Sweden", 6), ("Finland", 6), ("Czech_Republic", 5)):
        lat0, lat1, lon0, lon1 = BOXES[country]
        for _ in range(count):
            while True:
                name = rng.choice(TOWN_PARTS[0]) + rng.choice(TOWN_PARTS[1])
                if name not in used:
                    used.add(name)
                    break
            states = US_STATES if country == US else CA_PROVINCES if country == CA else [None]
            key = f.add(f"syn:{name}", rng.choice(["Town", "Town", "Village", "City"]), label=name, country=country,
                        state=rng.choice(states), populationTotal=rng.randint(800, 180_000),
                        elevation=float(rng.randint(2, 900)), areaTotal=float(rng.randint(4, 250)) * 1e6,
                        postalCode=f"{rng.randint(10000, 99999)}" if country == US else None,
                        lat=round(rng.uniform(lat0, lat1), 4), long=round(rng.uniform(lon0, lon1), 4))
            towns.setdefault(country, []).append(key)
    all_towns = [t for ts in towns.values() for t in ts]

    universities = []
    for i, town in enumerate(rng.sample(all_towns, 8)):
        label = f"University of {f.entities[town].label}"
        universities.append(f.add(f"syn:University_of_{f.entities[town].label}", "University", label=label,
                                  city=None, location=town, country=f.entities[town].props["country"][0],
                                  foundingYear=rng.randint(1850, 1990), numberOfStudents=rng.randint(2_000, 40_000),
                                  facultySize=rng.randint(150, 3_000), endowment=float(rng.randint(50, 5_000)) * 1e6,
                                  motto=rng.choice(["Lux et veritas", "Scientia potentia", "Per ardua",
                                                    "Ad astra", "Semper discens"])))
    for town in rng.sample(all_towns, 4):
        universities.append(f.add(f"syn:{f.entities[town].label}_College", "College",
                                  label=f"{f.entities[town].label} College", location=town,
                                  numberOfStudents=rng.randint(500, 5_000)))

    league = f.add("syn:Northern_Coastal_Hockey_League", "IceHockeyLeague", label="Northern Coastal Hockey League",
                   foundingYear=1961)
    teams = []
    for nickname, town in zip(["Harbor Hawks", "Icebreakers", "Timberwolves", "Stormriders", "Lumberjacks"],
                              rng.sample(towns[CA] + towns[US], 5)):
        label = f"{f.entities[town].label} {nickname}"
        teams.append(f.add(f"syn:{label.replace(' ', '_')}", "HockeyTeam", label=label, league=league,
                           location=town, foundingYear=rng.randint(1950, 2005), sport="Ice_hockey"))

    players = []
    for _ in range(18):
        home = rng.choice(towns[CA] + towns["Sweden"] + towns["Finland"] + towns["Czech_Republic"])
        players.append(person("IceHockeyPlayer", birthPlace=home, nationality=f.entities[home].props["country"][0],
                              team=rng.choice(teams), shoots=rng.choice(["Left", "Right"]),
                              height=round(rng.uniform(1.72, 1.98), 2), weight=float(rng.randint(78, 105)) * 1000,
                              number=rng.randint(2, 98)))
    writers = [person(rng.choice(["Writer", "Writer", "Poet", "Journalist"]), birthPlace=rng.choice(all_towns),
                      almaMater=rng.choice(universities)) for _ in range(12)]
    publisher_keys = [f.add(f"syn:{name.replace(' ', '_')}", "Publisher", label=name,
                            headquarter=rng.choice(all_towns), foundingYear=rng.randint(1890, 2010),
                            numberOfEmployees=rng.randint(10, 2_000))
                      for name in ("Lanternfield Press", "Cobalt Harbor Books", "Northcott & Finch")]
    titles: set[str] = set()
    for i in range(45):
        while True:
            title = f"{rng.choice(TITLE_WORDS[0])} {rng.choice(TITLE_WORDS[1])}"
            if title not in titles:
                titles.add(title)
                break
        author = [rng.choice(players if i % 3 == 0 else writers)]
        f.add(f"syn:book_{i:02d}", "Book", label=title, author=author, publisher=rng.choice(publisher_keys),
              numberOfPages=rng.randint(90, 620), isbn=f"978-0-{rng.randint(10000, 99999)}-{rng.randint(100, 999)}-"
              f"{rng.randint(0, 9)}", publicationDate=f"{rng.randint(1965, 2023)}-{rng.randint(1, 12):02d}-"
              f"{rng.randint(1, 28):02d}", originalLanguage="English_language")

    # Synthetic tournaments with synthetic medalists, some of whom wrote books.
    authors_with_books = sorted({a for e in f.entities.values() if e.cls == "Book" for a in e.props.get("author", [])
                                 if a.startswith("syn:")})
    for i in range(10):
        medalists = rng.sample(players + authors_with_books, 3)
        host = rng.choice(all_towns)
        f.add(f"syn:Coastal_Winter_Games_{1971 + 4 * i}_hockey", "OlympicEvent",
              label=f"Coastal Winter Games {1971 + 4 * i} – ice hockey", goldMedalist=medalists[0],
              silverMedalist=medalists[1], bronzeMedalist=medalists[2], location=host, year=1971 + 4 * i,
              startDate=f"{1971 + 4 * i}-02-{rng.randint(1, 14):02d}",
              numberOfPeopleAttending=rng.randint(3_000, 60_000), sport="Ice_hockey")

    # Synthetic ships berthed in synthetic US towns, and people who died there.
    ports = rng.sample(towns[US], 8) + ["Norfolk,_Virginia", "Wilmington,_North_Carolina"]
    for i, port in enumerate(ports):
        for j in range(2):
            name = f"{rng.choice(['SS', 'MV', 'RV'])} {rng.choice(FIRST)} {rng.choice(['Star', 'Gull', 'Tern', 'Wind', 'Crest'])}"
            f.add(f"syn:ship_{i:02d}_{j}", "Ship", label=name, homeport=port,
                  shipLaunch=f"{rng.randint(1950, 2020)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                  length=float(rng.randint(40, 300)), shipBeam=float(rng.randint(8, 45)),
                  topSpeed=float(rng.randint(20, 60)), numberOfCrew=rng.randint(6, 900))
        for _ in range(2):
            person(rng.choice(["Person", "MilitaryPerson", "Politician", "Scientist"]), deathPlace=port,
                   deathDate=f"{rng.randint(1996, 2023)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}")

    # Synthetic TV shows whose theme composers have children and alma maters.
    composers = []
    for _ in range(8):
        composer = person("MusicalArtist", almaMater=rng.choice(universities), instrument=rng.choice(
            ["Piano", "Guitar", "Trumpet"]), birthPlace=rng.choice(all_towns))
        kids = [person("Person") for _ in range(rng.randint(1, 2))]
        f.set(composer, child=kids)
        for kid in kids:
            f.set(kid, parent=composer)
        composers.append(composer)
    networks = [f.add("syn:Bayline_Television", "BroadcastNetwork", label="Bayline Television", foundingYear=1978),
                f.add("syn:Channel_North", "TelevisionStation", label="Channel North", foundingYear=1991)]
    show_titles = ["Harbor Lights", "The Third Period", "Maple Street Clinic", "Coastline Detectives",
                   "Night Shift at Pine Ridge", "The Faceoff Hour", "Kitchen at the Edge", "Northern Skies",
                   "Ridgewood Academy", "Saltwater Stories"]
    for i, title in enumerate(show_titles):
        theme = f.add(f"syn:theme_{i:02d}", "MusicalWork", label=f"{title} (theme)",
                      composer=rng.sample(composers, rng.randint(1, 2)), recordDate=f"{rng.randint(1975, 2020)}-0"
                      f"{rng.randint(1, 9)}-1{rng.randint(0, 9)}")
        f.add(f"syn:show_{i:02d}", "TelevisionShow", label=title, openingTheme=theme, channel=rng.choice(networks),
              numberOfSeasons=rng.randint(1, 12), numberOfEpisodes=rng.randint(8, 260),
              genre=rng.choice(["Drama", "Sitcom", "Crime_fiction", "Game_show"]),
              presenter=None, releaseDate=f"{rng.randint(1975, 2020)}-09-{rng.randint(10, 28)}")

    # A few synthetic companies, stadiums, airports and films for breadth.
    for name in ("Kestrel Shipyards", "Greywater Freight", "Alder Broadcasting Group", "Brightwell Aeronautics"):
        f.add(f"syn:{name.replace(' ', '_')}", "Company", label=name, headquarter=rng.choice(all_towns),
              foundingYear=rng.randint(1900, 2015), numberOfEmployees=rng.randint(50, 40_000),
              revenue=float(rng.randint(5, 9_000)) * 1e6, ceo=rng.choice(writers + players))
    for town in rng.sample(towns[US] + towns[CA], 6):
        label = f"{f.entities[town].label} Arena"
        f.add(f"syn:{label.replace(' ', '_')}", "Arena", label=label, location=town,
              capacity=rng.randint(3_000, 21_000), openingDate=f"{rng.randint(1960, 2020)}-10-01")
    for town in rng.sample(towns[US], 5):
        label = f"{f.entities[town].label} Regional Airport"
        f.add(f"syn:{label.replace(' ', '_')}", "Airport", label=label, location=town,
              numberOfVisitors=rng.randint(50_000, 4_000_000))
    directors = [person("MovieDirector", birthPlace=rng.choice(all_towns)) for _ in range(4)]
    for i in range(12):
        f.add(f"syn:film_{i:02d}", "Film", label=f"{rng.choice(TITLE_WORDS[1])} ({1970 + 4 * i} film)",
              director=rng.choice(directors), starring=None, releaseDate=f"{1970 + 4 * i}-0{rng.randint(1, 9)}-15",
              runtime=float(rng.randint(80, 170) * 60), budget=float(rng.randint(1, 120)) * 1e6,
              gross=float(rng.randint(1, 400)) * 1e6, musicComposer=rng.choice(composers))


def build() -> Facts:
    f = Facts()
    add_places(f)
    add_hockey(f)
    add_olympians(f)
    add_television(f)
    add_universities(f)
    add_culture(f)
    add_ships(f)
    add_synthetic(f, random.Random(20240611))
    return f
