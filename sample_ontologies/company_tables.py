"""Tables for the company sample: the schema and the fixed names of the instance data.

Read by ``build_company_sample.py``. The schema labels follow the habits of enterprise
vocabularies (ERP and HR systems), so several links are named differently from how
people ask about them: "sold-to party" for the customer of an order, "participant" for
who works on a project, "place of residence" for where someone lives.
"""

from __future__ import annotations

# class -> (label, parent or None, comment)
CLASSES: dict[str, tuple[str, str | None, str]] = {
    "Organization": ("organization", None, "A company, a unit of one, or another organized body."),
    "Company": ("company", "Organization", "A business with its own legal identity."),
    "Supplier": ("supplier", "Company", "A company the group buys parts, material or services from."),
    "Customer": ("customer", "Company", "A company that buys products from the group."),
    "StaffingAgency": ("staffing agency", "Company", "A company that places contractors with the group."),
    "OrganizationalUnit": ("organizational unit", "Organization", "A part of an organization's structure."),
    "Department": ("department", "OrganizationalUnit", "A functional division of the group, such as Finance."),
    "Team": ("team", "OrganizationalUnit", "A small working group inside a department."),
    "Person": ("person", None, "A human being."),
    "Employee": ("employee", "Person", "A person with an employment contract at a group company."),
    "Manager": ("manager", "Employee", "An employee with people reporting to them."),
    "Engineer": ("engineer", "Employee", "An employee who designs, builds or maintains products."),
    "SalesRepresentative": ("sales representative", "Employee", "An employee who sells to customers."),
    "Contractor": ("contractor", "Person", "An external person working for the group through an agency."),
    "ContactPerson": ("contact person", "Person", "A person the group deals with at another company."),
    "Place": ("place", None, "A location."),
    "Country": ("country", "Place", "A sovereign state."),
    "City": ("city", "Place", "A town or city."),
    "Site": ("site", "Place", "A building or campus the group operates."),
    "Office": ("office", "Site", "A site where people work at desks."),
    "Warehouse": ("warehouse", "Site", "A site that stores goods and ships orders."),
    "Plant": ("manufacturing plant", "Site", "A site where hardware is assembled."),
    "Product": ("product", None, "Something the group sells."),
    "HardwareProduct": ("hardware product", "Product", "A physical product."),
    "SoftwareProduct": ("software product", "Product", "A program sold as a licence or subscription."),
    "ProductCategory": ("product category", None, "A group of products in the catalogue."),
    "SalesOrder": ("sales order", None, "A customer's order for one or more products."),
    "Invoice": ("invoice", None, "A bill sent to a customer for a sales order."),
    "Project": ("project", None, "A temporary piece of work with a budget and a team."),
    "Skill": ("skill", None, "An ability, a technology or a language a person can master."),
}

# link -> (label, domain, range, comment)
LINKS: dict[str, tuple[str, str, str, str]] = {
    "worksIn": ("works in", "Employee", "Department", "The department an employee belongs to."),
    "memberOf": ("member of", "Employee", "Team", "A team the employee is on."),
    "reportsTo": ("reports to", "Employee", "Manager", "The employee's line manager."),
    "heads": ("heads", "Manager", "OrganizationalUnit", "The unit a manager is in charge of."),
    "employer": ("employer", "Employee", "Company", "The company that holds the employment contract."),
    "workplace": ("workplace", "Employee", "Office", "The office an employee normally works from."),
    "residence": ("place of residence", "Person", "City", "The city a person lives in."),
    "citizenship": ("citizenship", "Person", "Country", "A country the person is a citizen of."),
    "competency": ("competency", "Person", "Skill", "A skill the person has shown."),
    "mentor": ("mentor", "Employee", "Employee", "A more experienced colleague who coaches the employee."),
    "engagedThrough": ("engaged through", "Contractor", "StaffingAgency", "The agency that placed the contractor."),
    "represents": ("represents", "ContactPerson", "Company", "The company a contact person speaks for."),
    "partOf": ("part of", "OrganizationalUnit", "Organization", "The larger unit or the company a unit belongs to."),
    "parentOrganization": ("parent organization", "Company", "Company", "The company that owns most of this one."),
    "headquarters": ("headquarters location", "Company", "City", "The city of the company's registered head office."),
    "housedIn": ("housed in", "Department", "Office", "The office building a department sits in."),
    "locatedIn": ("located in", "Site", "City", "The city a site is in."),
    "country": ("country", "City", "Country", "The country a city is in."),
    "category": ("category", "Product", "ProductCategory", "The catalogue category of a product."),
    "broader": ("broader category", "ProductCategory", "ProductCategory", "The category this one is a part of."),
    "suppliedBy": ("supplied by", "Product", "Supplier", "A supplier the product or its main parts come from."),
    "productionSite": ("production site", "HardwareProduct", "Plant", "The plant that assembles the product."),
    "stockedAt": ("stocked at", "HardwareProduct", "Warehouse", "A warehouse that keeps the product in stock."),
    "productOwner": ("product owner", "Product", "Employee", "The employee accountable for the product."),
    "successorOf": ("successor of", "Product", "Product", "The older product this one replaces."),
    "runsOn": ("runs on", "SoftwareProduct", "HardwareProduct", "Hardware the software is certified for."),
    "soldTo": ("sold-to party", "SalesOrder", "Customer", "The customer who placed the order."),
    "orderItem": ("order item", "SalesOrder", "Product", "A product ordered in the order."),
    "salesAgent": ("sales agent", "SalesOrder", "SalesRepresentative", "The representative who booked the order."),
    "shippingPoint": ("shipping point", "SalesOrder", "Warehouse", "The warehouse the goods leave from."),
    "shipTo": ("ship-to location", "SalesOrder", "City", "The city the goods are delivered to."),
    "billingReference": ("billing reference", "Invoice", "SalesOrder", "The sales order an invoice bills."),
    "accountManager": ("account manager", "Customer", "SalesRepresentative", "The representative who looks after a customer."),
    "participant": ("participant", "Project", "Person", "A person who works on the project."),
    "projectLead": ("project lead", "Project", "Employee", "The employee who leads the project."),
    "owningUnit": ("owning unit", "Project", "OrganizationalUnit", "The unit that runs and pays for the project."),
    "client": ("client", "Project", "Customer", "The customer a project is carried out for."),
    "requiredSkill": ("required skill", "Project", "Skill", "A skill the project needs."),
    "deliverable": ("deliverable", "Project", "Product", "A product the project builds or changes."),
}

# attribute -> (label, domain, xsd type, comment)
ATTRIBUTES: dict[str, tuple[str, str, str, str]] = {
    "birthDate": ("date of birth", "Person", "date", "The day a person was born."),
    "hireDate": ("hire date", "Employee", "date", "The first day of employment."),
    "salary": ("annual base salary", "Employee", "decimal", "Gross yearly base pay in euros."),
    "jobTitle": ("job title", "Employee", "string", "The title on the employment contract."),
    "fullTime": ("full-time", "Employee", "boolean", "Whether the employee works full time."),
    "dailyRate": ("daily rate", "Contractor", "decimal", "What a contractor charges per day, in euros."),
    "foundingYear": ("year of incorporation", "Company", "integer", "The year the company was registered."),
    "revenue": ("annual revenue", "Company", "decimal", "Revenue of the last fiscal year, in millions of euros."),
    "headcount": ("number of employees", "Company", "integer", "How many people the company employs."),
    "customerSince": ("customer since", "Customer", "date", "The date of the customer's first order."),
    "creditLimit": ("credit limit", "Customer", "decimal", "The most the customer may owe, in euros."),
    "preferred": ("preferred supplier", "Supplier", "boolean", "Whether procurement prefers this supplier."),
    "costCenter": ("cost center", "Department", "string", "The department's cost center code."),
    "annualBudget": ("annual budget", "Department", "decimal", "The department's budget for the year, in euros."),
    "population": ("population", "City", "integer", "Approximate number of inhabitants."),
    "euMember": ("EU member state", "Country", "boolean", "Whether the country belongs to the European Union."),
    "palletCapacity": ("storage capacity (pallets)", "Warehouse", "integer", "How many pallets the warehouse holds."),
    "listPrice": ("list price", "Product", "decimal", "The catalogue price in euros, before discounts."),
    "launchDate": ("launch date", "Product", "date", "When the product went on sale."),
    "discontinued": ("discontinued", "Product", "boolean", "Whether the product is no longer sold."),
    "weight": ("weight (kg)", "HardwareProduct", "decimal", "Shipping weight in kilograms."),
    "orderDate": ("order date", "SalesOrder", "date", "When the order was placed."),
    "netValue": ("net value", "SalesOrder", "decimal", "Order value before tax, in euros."),
    "orderStatus": ("order status", "SalesOrder", "string", "open, shipped, delivered or cancelled."),
    "quantity": ("total quantity", "SalesOrder", "integer", "How many units the order contains."),
    "dueDate": ("payment due date", "Invoice", "date", "The day the invoice must be paid by."),
    "paid": ("paid", "Invoice", "boolean", "Whether the invoice has been paid."),
    "startDate": ("start date", "Project", "date", "When the project started or will start."),
    "budget": ("budget", "Project", "decimal", "The project's approved budget in euros."),
    "projectStatus": ("project status", "Project", "string", "planned, active, on hold or completed."),
}

# -- fixed names of the instance data ------------------------------------------------------

COUNTRIES = [  # name, EU member
    ("Germany", True), ("Sweden", True), ("Spain", True), ("United Kingdom", False), ("Switzerland", False),
    ("France", True), ("Netherlands", True), ("Poland", True), ("United States", False), ("Japan", False),
]
CITIES = [  # name, country, population (rounded)
    ("Munich", "Germany", 1_510_000), ("Hamburg", "Germany", 1_850_000), ("Berlin", "Germany", 3_750_000),
    ("Stockholm", "Sweden", 980_000), ("Gothenburg", "Sweden", 600_000), ("Madrid", "Spain", 3_300_000),
    ("Barcelona", "Spain", 1_640_000), ("Manchester", "United Kingdom", 552_000),
    ("London", "United Kingdom", 8_900_000), ("Zurich", "Switzerland", 420_000), ("Basel", "Switzerland", 175_000),
    ("Paris", "France", 2_100_000), ("Lyon", "France", 522_000), ("Rotterdam", "Netherlands", 655_000),
    ("Eindhoven", "Netherlands", 240_000), ("Wrocław", "Poland", 675_000), ("Gdańsk", "Poland", 470_000),
    ("Austin", "United States", 975_000), ("Chicago", "United States", 2_670_000), ("Osaka", "Japan", 2_750_000),
    ("Yokohama", "Japan", 3_770_000),
]
# the group: name, headquarters, parent (None for the holding), founding year, headcount, revenue (M€)
GROUP = [
    ("Halvard Holding AG", "Zurich", None, 1962, 140, "2150.0"),
    ("Halvard Systems GmbH", "Munich", "Halvard Holding AG", 1974, 2300, "980.5"),
    ("Halvard Nordic AB", "Stockholm", "Halvard Holding AG", 1991, 610, "310.2"),
    ("Halvard Iberia S.L.", "Madrid", "Halvard Holding AG", 2003, 380, "145.8"),
    ("Halvard Devices Ltd", "Manchester", "Halvard Holding AG", 1988, 720, "402.0"),
    ("Halvard Robotics sp. z o.o.", "Wrocław", "Halvard Systems GmbH", 2012, 260, "61.3"),
]
SUPPLIERS = [  # name, headquarters
    ("Kestrel Components", "Eindhoven"), ("Tamura Precision", "Osaka"), ("Brightwell Plastics", "Manchester"),
    ("Lindgren Metall", "Gothenburg"), ("Nordic Cell Energy", "Stockholm"), ("Obsidian Semiconductors", "Austin"),
    ("Vega Cables", "Lyon"), ("Silvercoast Optics", "Yokohama"), ("Alpine Circuit Works", "Basel"),
    ("Gdańsk Packaging Works", "Gdańsk"),
]
CUSTOMERS = [  # name, headquarters
    ("Aster Logistics", "Hamburg"), ("Bellwood Hospitals", "London"), ("Corvid Retail", "Paris"),
    ("Danube Rail", "Munich"), ("Elmstead Schools Trust", "Manchester"), ("Fjord Energy", "Gothenburg"),
    ("Granite Bank", "Zurich"), ("Heron Airlines", "Barcelona"), ("Iris Telecom", "Madrid"),
    ("Juniper Insurance", "London"), ("Kite Media", "Berlin"), ("Lumen Pharmaceuticals", "Basel"),
    ("Marlow City Council", "London"), ("Nimbus Cloud Services", "Chicago"), ("Osprey Shipping", "Rotterdam"),
    ("Pinecrest University", "Austin"), ("Quarry Hill Construction", "Lyon"), ("Rowan Hotels", "Paris"),
    ("Sable Motors", "Munich"), ("Tern Robotics", "Yokohama"), ("Umber Textiles", "Wrocław"),
    ("Vireo Labs", "Stockholm"), ("Wren Architecture", "Berlin"), ("Yarrow Farms", "Eindhoven"),
]
AGENCIES = [("Bridgehead Staffing", "London"), ("Talentia Interim", "Madrid")]
DEPARTMENTS = [  # name, cost center, office it is housed in
    ("Sales", "CC-1100", "Munich Campus"), ("Marketing", "CC-1200", "Munich Campus"),
    ("Research and Development", "CC-2100", "Wrocław Engineering Centre"),
    ("Manufacturing", "CC-2200", "Manchester Office"), ("Logistics", "CC-2300", "Hamburg Harbour Office"),
    ("Finance", "CC-3100", "Zurich Head Office"), ("Human Resources", "CC-3200", "Zurich Head Office"),
    ("IT", "CC-3300", "Stockholm Office"), ("Customer Support", "CC-4100", "Madrid Office"),
    ("Procurement", "CC-4200", "Hamburg Harbour Office"),
]
TEAMS = [  # name, department
    ("Platform Team", "Research and Development"), ("Firmware Team", "Research and Development"),
    ("Data Team", "IT"), ("Design Team", "Marketing"), ("Inside Sales", "Sales"), ("Key Accounts", "Sales"),
    ("Payroll", "Human Resources"), ("Recruiting", "Human Resources"), ("Service Desk", "Customer Support"),
    ("Field Service", "Customer Support"), ("Quality Assurance", "Manufacturing"),
    ("Strategic Sourcing", "Procurement"),
]
OFFICES = [  # name, city, the group company whose staff work there
    ("Munich Campus", "Munich", "Halvard Systems GmbH"), ("Hamburg Harbour Office", "Hamburg", "Halvard Systems GmbH"),
    ("Stockholm Office", "Stockholm", "Halvard Nordic AB"), ("Madrid Office", "Madrid", "Halvard Iberia S.L."),
    ("Manchester Office", "Manchester", "Halvard Devices Ltd"), ("Zurich Head Office", "Zurich", "Halvard Holding AG"),
    ("Wrocław Engineering Centre", "Wrocław", "Halvard Robotics sp. z o.o."),
    ("Austin Sales Office", "Austin", "Halvard Devices Ltd"),
]
WAREHOUSES = [("Rotterdam Distribution Centre", "Rotterdam", 24_000), ("Gdańsk Warehouse", "Gdańsk", 9_500),
              ("Chicago Warehouse", "Chicago", 12_000), ("Barcelona Warehouse", "Barcelona", 6_000)]
PLANTS = [("Eindhoven Plant", "Eindhoven"), ("Wrocław Plant", "Wrocław"), ("Osaka Assembly Plant", "Osaka")]
CATEGORIES = [  # name, broader category or None
    ("Hardware", None), ("Computers", "Hardware"), ("Laptops", "Computers"), ("Desktops", "Computers"),
    ("Monitors", "Hardware"), ("Accessories", "Hardware"), ("Docking stations", "Accessories"),
    ("Input devices", "Accessories"), ("Software", None), ("Device management", "Software"),
    ("Security software", "Software"), ("Analytics", "Software"),
]
HARDWARE = [  # name, category, list price, weight kg, launch year, discontinued
    ("Aurora 13 Laptop", "Laptops", "1099.00", "1.25", 2019, True),
    ("Aurora 13 Gen 2 Laptop", "Laptops", "1249.00", "1.19", 2022, False),
    ("Aurora 15 Laptop", "Laptops", "1399.00", "1.80", 2020, False),
    ("Cirrus 14 Laptop", "Laptops", "849.00", "1.45", 2021, False),
    ("Zephyr 16 Pro Laptop", "Laptops", "2399.00", "2.10", 2023, False),
    ("Borealis Tower", "Desktops", "1199.00", "8.40", 2018, True),
    ("Borealis Tower 2", "Desktops", "1349.00", "8.10", 2022, False),
    ("Summit Workstation", "Desktops", "3899.00", "14.50", 2021, False),
    ("Vista 24 Monitor", "Monitors", "219.00", "4.10", 2019, False),
    ("Vista 27 Monitor", "Monitors", "329.00", "5.60", 2020, False),
    ("Vista 32 Pro Monitor", "Monitors", "749.00", "8.20", 2022, False),
    ("Panorama 34 Curved Monitor", "Monitors", "899.00", "9.30", 2023, False),
    ("Harbor USB-C Dock", "Docking stations", "179.00", "0.45", 2020, False),
    ("Harbor Thunderbolt Dock", "Docking stations", "289.00", "0.60", 2022, False),
    ("Quill Keyboard", "Input devices", "59.00", "0.70", 2018, True),
    ("Quill Wireless Keyboard", "Input devices", "89.00", "0.65", 2021, False),
    ("Glide Mouse", "Input devices", "39.00", "0.11", 2019, False),
    ("Halo Headset", "Accessories", "129.00", "0.30", 2021, False),
    ("Sherpa Laptop Bag", "Accessories", "69.00", "0.90", 2017, False),
]
SOFTWARE = [  # name, category, list price, launch year, discontinued
    ("Fleetwatch Device Manager", "Device management", "39.00", 2018, False),
    ("Fleetwatch Cloud", "Device management", "59.00", 2022, False),
    ("Sentinel Endpoint Security", "Security software", "45.00", 2019, False),
    ("Sentinel Firewall", "Security software", "1490.00", 2016, True),
    ("Lens Analytics", "Analytics", "990.00", 2020, False),
    ("Lens Analytics Enterprise", "Analytics", "4900.00", 2023, False),
    ("Keystone Backup", "Device management", "25.00", 2017, False),
]
SUCCESSORS = [("Aurora 13 Gen 2 Laptop", "Aurora 13 Laptop"), ("Borealis Tower 2", "Borealis Tower"),
              ("Quill Wireless Keyboard", "Quill Keyboard"), ("Fleetwatch Cloud", "Fleetwatch Device Manager"),
              ("Lens Analytics Enterprise", "Lens Analytics"), ("Vista 32 Pro Monitor", "Vista 27 Monitor")]
PROJECTS = [  # name, status
    ("Project Atlas", "active"), ("Project Beacon", "completed"), ("Project Cobalt", "active"),
    ("Project Delta", "planned"), ("Project Ember", "on hold"), ("Project Falcon", "active"),
    ("Project Garnet", "completed"), ("Project Horizon", "active"), ("Project Ivy", "completed"),
    ("Project Juno", "planned"), ("Project Kepler", "active"), ("Project Lumen", "completed"),
    ("Project Meridian", "active"), ("Project Nova", "on hold"), ("Project Orion", "active"),
    ("Project Polaris", "completed"),
]
FIRST = ["Anna", "Ben", "Carla", "David", "Emma", "Felix", "Hana", "Ivan", "Julia", "Karim", "Lena", "Marco",
         "Nadia", "Oscar", "Petra", "Rafael", "Sofia", "Tomas", "Ulla", "Viktor", "Yuki", "Zara", "Elias", "Mira",
         "Gustav", "Leila", "Noor", "Pablo"]
LAST = ["Andersson", "Becker", "Costa", "Dubois", "Eklund", "Fischer", "García", "Hoffmann", "Ito", "Jensen",
        "Kowalski", "López", "Müller", "Nakamura", "Olsen", "Patel", "Richter", "Schmidt", "Svensson", "Torres",
        "Vogel", "Weber", "Zieliński", "Brown", "Murphy", "Novak"]
ENGINEER_TITLES = ["Software Engineer", "Senior Software Engineer", "Firmware Engineer", "Test Engineer",
                   "Hardware Engineer", "Data Engineer"]
STAFF_TITLES = {  # department -> job titles of its staff (neither engineers nor sales representatives)
    "Marketing": ["Marketing Specialist", "Graphic Designer"], "Manufacturing": ["Assembly Technician", "Quality Inspector"],
    "Logistics": ["Logistics Coordinator", "Warehouse Planner"], "Finance": ["Accountant", "Controller"],
    "Human Resources": ["HR Specialist", "Recruiter"], "Customer Support": ["Support Agent", "Field Technician"],
    "Procurement": ["Buyer", "Category Manager"], "IT": ["System Administrator"], "Sales": ["Sales Assistant"],
    "Research and Development": ["Lab Technician"],
}
ENGINEERING_DEPARTMENTS = [("Research and Development", 6), ("IT", 3), ("Manufacturing", 2)]  # department, weight
TECH_SKILLS = ["Python", "Java", "SQL", "Embedded C", "Machine learning", "Cloud infrastructure", "Data analysis",
               "Soldering", "UX design"]
BUSINESS_SKILLS = ["Project management", "Negotiation", "German", "Spanish", "Japanese", "Accounting",
                   "Supply chain planning", "Technical writing", "Public speaking"]
